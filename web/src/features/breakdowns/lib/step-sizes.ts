import { GRANULARITY_MINUTES, stepGranularityValues, type StepGranularity } from '@stride/domain/ai/breakdown';

const LABELS: Readonly<Record<StepGranularity, string>> = { tiny: 'Tiny', normal: 'Normal', big: 'Big' };

/** The step sizes the user picks from, with their minutes (declared once in the breakdown contract). */
export const SIZE_OPTIONS = stepGranularityValues.map((value) => ({
  value,
  label: LABELS[value],
  hint: `~${GRANULARITY_MINUTES[value]} min`,
}));

export interface AdminRange {
  readonly start: string;
  readonly end: string;
}

export const ADMIN_PRESETS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;

const DAY_MS = 86_400_000;

export function adminLastDays(days: number, today = new Date()): AdminRange {
  return {
    start: new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10),
    end: today.toISOString().slice(0, 10),
  };
}

export const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

import { ALL_CHANNELS } from '@stride/domain/analytics/attribution-report';
import { acquisitionChannelSchema } from '@stride/domain/analytics/acquisition-channel';
import type { AttributionResponse } from '@stride/domain/contracts/analytics';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { selectAttributionByChannel, type AttributionCounts } from '../queries/select-attribution-by-channel';
import { dayRange } from './date-range';
import { MAX_REPORT_RANGE_DAYS } from './funnel-report';

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

const withRates = (counts: Omit<AttributionCounts, 'channel'>) => ({
  ...counts,
  activationRate: ratio(counts.activatedUsers, counts.signups),
  conversionRate: ratio(counts.paidConversions, counts.signups),
});

/** Sign-ups of [start, end] by acquisition channel (every channel listed, zeros included), with totals. */
export async function attributionReport(
  client: AnalyticsClient,
  params: { start: string; end: string },
): Promise<AttributionResponse> {
  const range = dayRange(params.start, params.end, MAX_REPORT_RANGE_DAYS);
  const rows = await selectAttributionByChannel(client, { from: range.from, to: range.to });
  const byChannel = new Map(rows.map((row) => [row.channel, row]));
  const zero = { signups: 0, activatedUsers: 0, paidConversions: 0, revenueCents: 0 };
  const channels = ALL_CHANNELS.map((channel) => ({ channel, ...withRates(byChannel.get(channel) ?? zero) })).sort(
    (a, b) => b.signups - a.signups || ALL_CHANNELS.indexOf(a.channel) - ALL_CHANNELS.indexOf(b.channel),
  );
  const totals = rows
    .filter((row) => acquisitionChannelSchema.safeParse(row.channel).success)
    .reduce(
      (sum, row) => ({
        signups: sum.signups + row.signups,
        activatedUsers: sum.activatedUsers + row.activatedUsers,
        paidConversions: sum.paidConversions + row.paidConversions,
        revenueCents: sum.revenueCents + row.revenueCents,
      }),
      zero,
    );
  return { start: range.start, end: range.end, channels, totals: withRates(totals) };
}

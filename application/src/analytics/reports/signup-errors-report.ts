import type { SignupErrorsResponse } from '@stride/domain/contracts/analytics';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { countSignupErrors } from '../queries/count-signup-errors';
import { selectSignupErrors } from '../queries/select-signup-errors';
import { dayRange } from './date-range';
import { MAX_REPORT_RANGE_DAYS } from './funnel-report';

/** Sign-up errors of [start, end], newest first, one page. */
export async function signupErrorsReport(
  client: AnalyticsClient,
  params: { start: string; end: string; limit: number; offset: number },
): Promise<SignupErrorsResponse> {
  const range = dayRange(params.start, params.end, MAX_REPORT_RANGE_DAYS);
  const [errors, total] = await Promise.all([
    selectSignupErrors(client, { from: range.from, to: range.to, limit: params.limit, offset: params.offset }),
    countSignupErrors(client, { from: range.from, to: range.to }),
  ]);
  return { start: range.start, end: range.end, total, errors };
}

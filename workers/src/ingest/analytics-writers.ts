import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { InsertBatcher, type BatcherStats } from '@stride/platform/clickhouse/insert-batcher';
import { chDateTime } from '@stride/platform/clickhouse/params';
import type { Logger } from '@stride/platform/logger';
import { toStorableText, toStorableValue } from '@stride/domain/shared/storable-text';
import type { AttributionRow, DailyMetricsRow, DomainEventRow, TrackedEventRow, UserScoreRow } from './analytics-rows';

export interface WriterTuning {
  /** Raw events: flush after this many rows (default 10,000) ... */
  readonly maxRows?: number;
  /** ... or this long after the first one waited (default 1,000 ms). */
  readonly maxWaitMs?: number;
  /** Derived rows (daily metrics, scores), whose jobs wait for them: default 100 ms. */
  readonly derivedMaxWaitMs?: number;
}

/**
 * Every column of a row type, listed once (a missing or extra column is a compile error); `'instant'` marks
 * the DateTime64 columns, which are sent in ClickHouse's basic text format.
 */
type ColumnList<Row> = Readonly<Record<keyof Row & string, true | 'instant'>>;

/** An ISO instant as 'YYYY-MM-DD hh:mm:ss.sss' (UTC); null stays null. */
const basicInstant = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  // toISOString()'s shape converts by slicing; anything else is parsed.
  return value.length === 24 && value.endsWith('Z')
    ? `${value.slice(0, 10)} ${value.slice(11, 23)}`
    : chDateTime(value);
};

const domainEventColumns: ColumnList<DomainEventRow> = {
  event_id: true,
  global_position: true,
  user_id: true,
  stream_id: true,
  event_type: true,
  occurred_at: 'instant',
  goal_id: true,
  task_ids: true,
  units: true,
  amount_cents: true,
  tier: true,
  data: true,
};
const trackedEventColumns: ColumnList<TrackedEventRow> = {
  event_id: true,
  user_id: true,
  anonymous_id: true,
  session_id: true,
  event: true,
  occurred_at: 'instant',
  received_at: 'instant',
  tier: true,
  path: true,
  referrer: true,
  user_agent: true,
  properties: true,
};
const attributionColumns: ColumnList<AttributionRow> = {
  user_id: true,
  event_id: true,
  acquisition_channel: true,
  utm_source: true,
  utm_medium: true,
  utm_campaign: true,
  utm_term: true,
  utm_content: true,
  referrer_url: true,
  landing_page: true,
  first_touch_at: 'instant',
  signup_at: 'instant',
};
const dailyMetricsColumns: ColumnList<DailyMetricsRow> = {
  user_id: true,
  date: true,
  goals_created: true,
  goals_completed: true,
  tasks_created: true,
  tasks_completed: true,
  ai_generations_used: true,
  session_duration: true,
  productivity_score: true,
  version: true,
  computed_at: 'instant',
};
const userScoreColumns: ColumnList<UserScoreRow> = {
  user_id: true,
  as_of: true,
  task_completion_rate: true,
  daily_active_streak: true,
  goal_completion_rate: true,
  ai_generations_used: true,
  last_active_date: true,
  most_productive_hour: true,
  abandoned_goals: true,
  completed_goals: true,
  engagement_score: true,
  engagement_completion: true,
  engagement_streak: true,
  engagement_goals: true,
  engagement_ai: true,
  engagement_recency: true,
  insights: true,
  version: true,
  computed_at: 'instant',
};

/** One insert batcher per analytics table; every row written to ClickHouse goes through one of these. */
export class AnalyticsWriters {
  readonly domainEvents: InsertBatcher<DomainEventRow>;
  readonly trackedEvents: InsertBatcher<TrackedEventRow>;
  readonly attribution: InsertBatcher<AttributionRow>;
  readonly dailyMetrics: InsertBatcher<DailyMetricsRow>;
  readonly userScores: InsertBatcher<UserScoreRow>;

  constructor(client: AnalyticsClient, logger: Logger, tuning: WriterTuning = {}) {
    const batcher = <Row extends object>(
      table: string,
      columnList: ColumnList<Row>,
      idOf: (row: Row) => string,
      maxWaitMs: number,
    ) => {
      const columns = Object.keys(columnList) as (keyof Row & string)[];
      const convert = columns.map((column) => (columnList[column] === 'instant' ? basicInstant : undefined));
      return new InsertBatcher<Row>({
        table,
        idOf,
        maxRows: tuning.maxRows ?? 10_000,
        maxWaitMs,
        logger,
        insert: (rows, deduplicationToken) =>
          client.insertValues(
            table,
            columns,
            rows.map((row) =>
              columns.map((column, index) => toStorableValue(convert[index]?.(row[column]) ?? row[column])),
            ),
            { deduplicationToken },
          ),
        deadLetter: (row, error) =>
          client.insertValues(
            'analytics_dead_letters',
            ['table_name', 'row_id', 'row', 'error', 'failed_at'],
            [
              [
                table,
                toStorableText(idOf(row)),
                JSON.stringify(row),
                toStorableText(error.message),
                basicInstant(new Date().toISOString()),
              ],
            ],
          ),
      });
    };
    const raw = tuning.maxWaitMs ?? 1_000;
    const derived = tuning.derivedMaxWaitMs ?? 100;
    this.domainEvents = batcher('domain_events', domainEventColumns, (row) => row.event_id, raw);
    this.trackedEvents = batcher('tracked_events', trackedEventColumns, (row) => row.event_id, raw);
    this.attribution = batcher('attribution', attributionColumns, (row) => row.event_id, raw);
    this.dailyMetrics = batcher(
      'daily_metrics',
      dailyMetricsColumns,
      (row) => `${row.user_id}:${row.date}:${row.version}`,
      derived,
    );
    this.userScores = batcher('user_scores', userScoreColumns, (row) => `${row.user_id}:${row.version}`, derived);
  }

  private get all(): readonly Pick<InsertBatcher<object>, 'close' | 'stats'>[] {
    return [this.domainEvents, this.trackedEvents, this.attribution, this.dailyMetrics, this.userScores];
  }

  /** Flushes every table and refuses further rows (shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.all.map((batcher) => batcher.close()));
  }

  stats(): BatcherStats[] {
    return this.all.map((batcher) => batcher.stats());
  }
}

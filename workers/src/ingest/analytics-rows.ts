/**
 * Rows of the analytics tables as they are inserted (JSONEachRow; instants as ISO strings). The column
 * meanings are in platform/migrations/clickhouse/schema.sql.
 */

export interface DomainEventRow {
  readonly event_id: string;
  readonly global_position: number;
  readonly user_id: string;
  readonly stream_id: string;
  readonly event_type: string;
  readonly occurred_at: string;
  readonly goal_id: string;
  readonly task_ids: readonly string[];
  readonly units: number;
  readonly amount_cents: number;
  readonly tier: string;
  readonly data: string;
}

export interface TrackedEventRow {
  readonly event_id: string;
  readonly user_id: string;
  readonly anonymous_id: string;
  readonly session_id: string;
  readonly event: string;
  readonly occurred_at: string;
  readonly received_at: string;
  readonly tier: string;
  readonly path: string;
  readonly referrer: string;
  readonly user_agent: string;
  readonly properties: string;
}

export interface AttributionRow {
  readonly user_id: string;
  readonly event_id: string;
  readonly acquisition_channel: string;
  readonly utm_source: string;
  readonly utm_medium: string;
  readonly utm_campaign: string;
  readonly utm_term: string;
  readonly utm_content: string;
  readonly referrer_url: string;
  readonly landing_page: string;
  readonly first_touch_at: string | null;
  readonly signup_at: string;
}

export interface DailyMetricsRow {
  readonly user_id: string;
  readonly date: string;
  readonly goals_created: number;
  readonly goals_completed: number;
  readonly tasks_created: number;
  readonly tasks_completed: number;
  readonly ai_generations_used: number;
  readonly session_duration: number;
  readonly productivity_score: number;
  readonly version: number;
  readonly computed_at: string;
}

export interface UserScoreRow {
  readonly user_id: string;
  readonly as_of: string;
  readonly task_completion_rate: number;
  readonly daily_active_streak: number;
  readonly goal_completion_rate: number;
  readonly ai_generations_used: number;
  readonly last_active_date: string | null;
  readonly most_productive_hour: number | null;
  readonly abandoned_goals: number;
  readonly completed_goals: number;
  readonly engagement_score: number;
  readonly engagement_completion: number;
  readonly engagement_streak: number;
  readonly engagement_goals: number;
  readonly engagement_ai: number;
  readonly engagement_recency: number;
  readonly insights: readonly string[];
  readonly version: number;
  readonly computed_at: string;
}

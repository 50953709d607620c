import { createHash } from 'node:crypto';
import type { AcquisitionChannel } from '@stride/domain/analytics/acquisition-channel';
import type { AttributionRow, DomainEventRow, TrackedEventRow } from '../src/ingest/analytics-rows';

/**
 * A realistic synthetic history for the pipeline bench: users who sign up over the window, come back on
 * some days for sessions of page views and feature use, and move down the product funnel at decreasing
 * rates. Deterministic (seeded), so runs compare.
 */

const DAY = 86_400_000;

/** mulberry32: small, fast, seeded. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const uuidFrom = (seed: string): string => {
  const hex = createHash('md5').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** A unique UUID-shaped id from a counter (cheap enough for millions of rows; the content is not random). */
const counterUuid = (prefix: number, counter: number): string => {
  const hex = counter.toString(16).padStart(12, '0');
  return `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
};

// '/' is the landing page: the default funnel's first step (page_viewed:/).
const PAGES = ['/', '/daily', '/goals', '/completed', '/collections', '/analytics', '/pricing', '/user-profile'];
const FEATURES = ['energy_filter', 'collections', 'templates', 'goal_edit', 'task_reorder'];
const TIERS = ['free', 'free', 'free', 'starter', 'pro'];
const CHANNELS: { channel: AcquisitionChannel; utm_source: string; utm_medium: string; weight: number }[] = [
  { channel: 'Organic Search', utm_source: 'google', utm_medium: 'organic', weight: 30 },
  { channel: 'Social', utm_source: 'twitter', utm_medium: 'social', weight: 20 },
  { channel: 'Paid Search', utm_source: 'google', utm_medium: 'cpc', weight: 15 },
  { channel: 'Email', utm_source: 'newsletter', utm_medium: 'email', weight: 10 },
  { channel: 'Referral', utm_source: '', utm_medium: '', weight: 10 },
  { channel: 'Direct', utm_source: '', utm_medium: '', weight: 15 },
];
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export interface HistoryShape {
  readonly users: number;
  readonly trackedEvents: number;
  readonly days: number;
  /** The window ends here (exclusive). */
  readonly endMs: number;
}

export interface BenchUser {
  readonly id: string;
  readonly signupMs: number;
  readonly channel: (typeof CHANNELS)[number];
  readonly tier: string;
}

export function benchUsers(shape: HistoryShape, seed = 1): BenchUser[] {
  const next = random(seed);
  const startMs = shape.endMs - shape.days * DAY;
  const totalWeight = CHANNELS.reduce((sum, c) => sum + c.weight, 0);
  return Array.from({ length: shape.users }, (_, i) => {
    let pick = next() * totalWeight;
    const channel = CHANNELS.find((c) => (pick -= c.weight) < 0) ?? CHANNELS[0]!;
    return {
      id: `bench-user-${i}`,
      // Sign-ups spread over the first 80% of the window, so everyone has some history after.
      signupMs: startMs + Math.floor(next() * shape.days * 0.8 * DAY),
      channel,
      tier: TIERS[Math.floor(next() * TIERS.length)]!,
    };
  });
}

/**
 * Tracked events in chunks of `chunkSize` rows, `shape.trackedEvents` in all, spread over the users in
 * sessions (session_started, page views and feature use, funnel clicks, session_ended).
 */
export function* trackedEventChunks(
  shape: HistoryShape,
  users: readonly BenchUser[],
  chunkSize: number,
  seed = 2,
): Generator<TrackedEventRow[]> {
  const next = random(seed);
  const perUser = Math.floor(shape.trackedEvents / users.length);
  let remainder = shape.trackedEvents - perUser * users.length;
  let chunk: TrackedEventRow[] = [];
  let counter = 0;
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const user of users) {
    let budget = perUser + (remainder-- > 0 ? 1 : 0);
    let session = 0;
    while (budget > 0) {
      const day = user.signupMs + Math.floor(next() * (shape.endMs - user.signupMs - 3_600_000));
      const sessionId = `${user.id}-s${session++}`;
      const length = Math.min(budget, 4 + Math.floor(next() * 30));
      let t = day;
      for (let k = 0; k < length; k += 1) {
        const last = k === length - 1;
        const roll = next();
        const event =
          k === 0
            ? 'session_started'
            : last
              ? 'session_ended'
              : roll < 0.7
                ? 'page_viewed'
                : roll < 0.93
                  ? 'feature_used'
                  : roll < 0.985
                    ? 'upgrade_clicked'
                    : 'checkout_completed';
        t += 5_000 + Math.floor(next() * 90_000);
        chunk.push({
          event_id: counterUuid(seed, counter++),
          user_id: user.id,
          anonymous_id: '',
          session_id: sessionId,
          event,
          occurred_at: iso(t),
          received_at: iso(t + 200),
          tier: user.tier,
          path: PAGES[Math.floor(next() * PAGES.length)]!,
          referrer: '',
          user_agent: UA,
          properties:
            event === 'session_ended'
              ? `{"duration_seconds":${Math.round((t - day) / 1000)}}`
              : event === 'feature_used'
                ? `{"feature":"${FEATURES[Math.floor(next() * FEATURES.length)]}"}`
                : '{}',
        });
        if (chunk.length === chunkSize) {
          yield chunk;
          chunk = [];
        }
      }
      budget -= length;
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Each user's funnel events (sign-up, onboarding, first goal, first AI breakdown, paid) and first touch. */
export function funnelHistory(
  users: readonly BenchUser[],
  seed = 3,
): { domain: DomainEventRow[]; attribution: AttributionRow[] } {
  const next = random(seed);
  const domain: DomainEventRow[] = [];
  const attribution: AttributionRow[] = [];
  let position = 0;
  const row = (user: BenchUser, type: string, at: number, extra: Partial<DomainEventRow> = {}): DomainEventRow => ({
    event_id: uuidFrom(`${user.id}:${type}`),
    global_position: ++position,
    user_id: user.id,
    stream_id: `user-${user.id}`,
    event_type: type,
    occurred_at: new Date(at).toISOString(),
    goal_id: '',
    task_ids: [],
    units: 0,
    amount_cents: 0,
    tier: '',
    data: '{}',
    ...extra,
  });
  for (const user of users) {
    let t = user.signupMs;
    domain.push(row(user, 'UserRegistered', t));
    attribution.push({
      user_id: user.id,
      event_id: uuidFrom(`${user.id}:UserRegistered`),
      acquisition_channel: user.channel.channel,
      utm_source: user.channel.utm_source,
      utm_medium: user.channel.utm_medium,
      utm_campaign: user.channel.utm_source ? 'spring' : '',
      utm_term: '',
      utm_content: '',
      referrer_url: user.channel.channel === 'Referral' ? 'https://blog.example.org/post' : '',
      landing_page: '/',
      first_touch_at: new Date(t - 3_600_000).toISOString(),
      signup_at: new Date(t).toISOString(),
    });
    const steps: [string, number, Partial<DomainEventRow>][] = [
      ['OnboardingCompleted', 0.75, {}],
      ['GoalCreated', 0.8, { goal_id: `${user.id}-g1`, stream_id: `goal-${user.id}-g1` }],
      [
        'TasksBatchGenerated',
        0.6,
        { goal_id: `${user.id}-g1`, stream_id: `goal-${user.id}-g1`, task_ids: ['t1', 't2', 't3'] },
      ],
      ['SubscriptionActivated', 0.15, { stream_id: `billing-${user.id}`, tier: 'pro', amount_cents: 1200 }],
    ];
    for (const [type, rate, extra] of steps) {
      if (next() > rate) break;
      t += 60_000 + Math.floor(next() * 2 * DAY);
      domain.push(row(user, type, t, extra));
    }
  }
  return { domain, attribution };
}

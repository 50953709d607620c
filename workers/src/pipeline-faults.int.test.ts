import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { utcDate } from '@stride/platform/clickhouse/params';
import { DOMAIN_TOPICS } from './ingest/event-topics';
import { runWorkload, workload, type Workload } from '../test/crash-script';
import { createPipelineHarness, eventually, type BusKind, type PipelineHarness } from '../test/pipeline-harness';
import { selectDailyMetrics } from '@stride/application/analytics/queries/select-daily-metrics';
import { recordFromTrackedEvent, type TrackedEventRecord } from '@stride/application/analytics/tracked-event-record';

const DAY = 86_400_000;
const counts = z.object({ rows: z.number(), events: z.number() });

/** Every user's two days exact; `scores` are the days' productivity scores (50 and 30 without sessions). */
async function expectExactMetrics(
  harness: PipelineHarness,
  load: Workload,
  scores: [number, number] = [50, 30],
): Promise<void> {
  await eventually(
    async () => {
      for (const user of load.users) {
        const days = await selectDailyMetrics(harness.analytics, {
          userId: user,
          start: load.days[0],
          end: load.days[1],
        });
        expect(days.map((d) => [d.goalsCreated, d.tasksCreated, d.tasksCompleted, d.productivityScore])).toEqual([
          [1, 6, 5, scores[0]],
          [0, 4, 3, scores[1]],
        ]);
      }
    },
    30_000,
    200,
  );
}

const sessionEvents = (userId: string, day: string): TrackedEventRecord[] =>
  (['session_started', 'session_ended'] as const).map((event, index) =>
    recordFromTrackedEvent(
      {
        event,
        properties: index === 1 ? { duration_seconds: 600 } : {},
        context: { sessionId: `s-${userId}`, timestamp: `${day}T12:0${index}:00.000Z` },
      },
      userId,
      new Date(),
    ),
  );

describe.each<BusKind>(['embedded', 'kafka'])('the same events delivered twice (%s bus)', (bus) => {
  let harness: PipelineHarness;
  beforeEach(async () => {
    harness = await createPipelineHarness({ bus });
  });
  afterEach(async () => harness.cleanup());

  it('counts every event once', async () => {
    const pipeline = await harness.start();
    const now = Date.now();
    const load = workload(6, [utcDate(now - DAY), utcDate(now)]);
    await runWorkload(harness.store, load, () => undefined);
    const tracked = load.users.flatMap((user) => sessionEvents(user, load.days[0]));
    await pipeline.track(tracked);
    // A 10-minute session on day 1 adds 25 x 10/30 = 8.3 points: 58.
    await expectExactMetrics(harness, load, [58, 30]);

    // Deliver everything again: the whole log from the start (the relay re-publishes it, or the log
    // consumer re-reads it) and every tracked event a second time, as a retrying browser would.
    await pipeline.stop();
    await harness.db.pool.query(`UPDATE bus_consumer_checkpoints SET transaction_id = '0', global_position = 0`);
    const again = await harness.start();
    await again.track(tracked);
    const total = load.users.length * load.eventsPerUser;
    if (harness.broker) {
      await eventually(async () => {
        const relayed = DOMAIN_TOPICS.reduce((sum, topic) => sum + harness.broker!.topicMessages(topic).length, 0);
        // At least twice: a relay that finds the broker behind its checkpoint re-publishes the whole log
        // again (Kafka recovery), so a third copy is allowed; the counts below must stay exact regardless.
        expect(relayed).toBeGreaterThanOrEqual(2 * total);
      });
    }
    await eventually(async () => {
      const [domain] = await harness.analytics.rows(
        'SELECT count() AS rows, uniqExact(event_id) AS events FROM domain_events',
        {},
        counts,
      );
      const [sessions] = await harness.analytics.rows(
        'SELECT count() AS rows, uniqExact(event_id) AS events FROM tracked_events',
        {},
        counts,
      );
      expect(domain?.events).toBe(total);
      expect(sessions?.events).toBe(tracked.length);
      // Both copies reached the store (unless a merge already folded them): the reads must dedupe.
      expect(domain!.rows + sessions!.rows).toBeGreaterThanOrEqual(total + tracked.length);
    });
    await again.requestDailyMetrics(load.users[0]!, load.days[0]);
    await expectExactMetrics(harness, load, [58, 30]);
    const [first] = await selectDailyMetrics(harness.analytics, {
      userId: load.users[0]!,
      start: load.days[0],
      end: load.days[0],
    });
    expect(first?.sessionDuration).toBe(10);
  });
});

describe('the Kafka broker unavailable for a while', () => {
  let harness: PipelineHarness;
  beforeEach(async () => {
    harness = await createPipelineHarness({ bus: 'kafka' });
  });
  afterEach(async () => harness.cleanup());

  it('buffers in the log, catches up when the broker is back, and counts every event once', async () => {
    const pipeline = await harness.start();
    const broker = harness.broker!;
    const now = Date.now();
    const load = workload(12, [utcDate(now - DAY), utcDate(now)]);
    const total = load.users.length * load.eventsPerUser;
    let appended = 0;
    let outage: Promise<void> | null = null;
    await runWorkload(harness.store, load, () => {
      appended += 1;
      if (appended === Math.floor(total / 3)) outage = broker.pause();
    });
    await outage;
    // While the broker is down, appends keep succeeding (the log is the outbox) and tracked events are
    // refused (the API answers an error; the browser retries).
    const tracked = load.users.flatMap((user) => sessionEvents(user, load.days[1]));
    await expect(pipeline.track(tracked)).rejects.toThrow();
    const relayedBefore = pipeline.relay!.health().published;
    // Once the producer's own retries are spent the relay reports itself degraded and backs off.
    await eventually(async () => expect(pipeline.relay!.health().status).toBe('degraded'), 20_000, 250);
    expect(pipeline.relay!.health().published).toBe(relayedBefore);

    await broker.resume();
    await eventually(() => pipeline.track(tracked), 20_000, 500);
    await expectExactMetrics(harness, load, [50, 38]);
    const [domain] = await harness.analytics.rows(
      'SELECT uniqExact(event_id) AS events, count() AS rows FROM domain_events',
      {},
      counts,
    );
    expect(domain?.events).toBe(total);
    // Per user, the relayed events kept the log's order.
    for (const topic of DOMAIN_TOPICS) {
      const byKey = new Map<string, number[]>();
      for (const message of broker.topicMessages(topic)) {
        const key = message.key?.toString() ?? '';
        const position = Number(message.headers.position?.toString());
        byKey.set(key, [...(byKey.get(key) ?? []), position]);
      }
      for (const positions of byKey.values()) {
        const firstSeen = positions.filter((position, index) => positions.indexOf(position) === index);
        expect(firstSeen).toEqual([...firstSeen].sort((a, b) => a - b));
      }
    }
  });
});

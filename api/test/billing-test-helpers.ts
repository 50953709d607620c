import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { goalCreated } from '@stride/domain/goals/goal-events';
import { aiGenerationCounted } from '@stride/domain/usage/usage-events';
import { monthOf } from '@stride/domain/shared/month';
import { streamIds } from '@stride/domain/stream-ids';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { signWebhook } from '@stride/testing/fake-stripe/webhook-signing';

/** Delivers an event to the webhook route as Stripe would: exact body, Stripe-Signature header. */
export async function deliverWebhook(
  app: FastifyInstance,
  event: object,
  secret: string,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = signWebhook(event, secret);
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
}

/** Polls until `check` returns a value (not undefined) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Test set-up: a goal for a user, written straight to the store (no goal limit applies). */
export async function seedGoal(
  eventStore: PostgresEventStore,
  userId: string,
  goalId: string,
  title: string,
): Promise<void> {
  await eventStore.append(
    streamIds.goal(goalId),
    [
      {
        type: goalCreated.type,
        schemaVersion: goalCreated.schemaVersion,
        data: goalCreated.schema.parse({
          goalId,
          userId,
          title,
          description: '',
          category: 'personal',
          priority: 'medium',
          targetDate: null,
          createdAt: new Date().toISOString(),
        }),
      },
    ],
    { expectedVersion: 'no_stream', metadata: { userId } },
  );
}

/** Test set-up: AI generations already used this month. */
export async function seedAiUsage(
  eventStore: PostgresEventStore,
  userId: string,
  count: number,
  now = new Date(),
): Promise<void> {
  const month = monthOf(now);
  await eventStore.append(
    streamIds.usage(userId),
    [
      { type: 'UsageMonthReset', schemaVersion: 1, data: { month, previousMonth: null, resetAt: now.toISOString() } },
      ...Array.from({ length: count }, () => ({
        type: aiGenerationCounted.type,
        schemaVersion: aiGenerationCounted.schemaVersion,
        data: { month, goalId: null, units: 1 },
      })),
    ],
    { metadata: { userId } },
  );
}

export async function eventTypesOf(eventStore: PostgresEventStore, streamId: string): Promise<string[]> {
  return (await eventStore.readStream(streamId)).events.map((event) => event.type);
}

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eventually as waitUntil } from '@stride/testing/eventually';
import { goalCreated } from '@stride/domain/goals/goal-events';
import { aiGenerationCounted } from '@stride/domain/usage/usage-events';
import { monthOf } from '@stride/domain/shared/month';
import { streamIds } from '@stride/domain/stream-ids';
import type { CommandHandler } from '@stride/application/commands/command-handler';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { recordEvents } from '@stride/application/commands/record-events';
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
export const eventually = <T>(check: () => Promise<T | undefined>, timeout = 5_000): Promise<T> =>
  waitUntil(
    async () => {
      const value = await check();
      if (value === undefined) throw new Error('Condition not met in time');
      return value;
    },
    timeout,
    50,
  );

/** Test set-up: a goal for a user, recorded as given (no goal limit applies). */
export async function seedGoal(commands: CommandHandler, userId: string, goalId: string, title: string): Promise<void> {
  const data = {
    goalId,
    userId,
    title,
    description: '',
    category: 'personal',
    priority: 'medium',
    targetDate: null,
    createdAt: new Date().toISOString(),
  };
  await recordEvents(commands, streamIds.goal(goalId), [{ type: goalCreated.type, data }], {
    userId,
    expectedVersion: 0,
  });
}

/** Test set-up: AI generations already used this month. */
export async function seedAiUsage(commands: CommandHandler, userId: string, count: number, now = new Date()) {
  const month = monthOf(now);
  await recordEvents(
    commands,
    streamIds.usage(userId),
    [
      { type: 'UsageMonthReset', data: { month, previousMonth: null, resetAt: now.toISOString() } },
      ...Array.from({ length: count }, () => ({
        type: aiGenerationCounted.type,
        data: { month, goalId: null, units: 1 },
      })),
    ],
    { userId },
  );
}

export async function eventTypesOf(eventStore: PostgresEventStore, streamId: string): Promise<string[]> {
  return (await eventStore.readStream(streamId)).events.map((event) => event.type);
}

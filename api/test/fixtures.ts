import type { LightMyRequestResponse } from 'fastify';
import { recordEvents } from '@stride/application/commands/record-events';
import { streamIds } from '@stride/domain/stream-ids';
import type { TestApp, TestClient } from './test-app';

/** A signed-in user who called ensure-user-exists, as the web app does first. */
export async function registeredUser(
  t: TestApp,
  email: string,
  name = email.split('@')[0] ?? 'User',
): Promise<TestClient> {
  const client = await t.signIn(email, name);
  const response = await client.post('/api/user/ensure-user-exists', { email, name });
  if (response.statusCode !== 200) throw new Error(`ensure-user-exists: ${response.statusCode} ${response.body}`);
  return client;
}

async function appendBillingEvent(t: TestApp, userId: string, type: string, data: Record<string, unknown>) {
  return recordEvents(t.services.commands, streamIds.billing(userId), [{ type, data }], { userId: 'system:billing' });
}

/** Ends the subscription activateSubscription started, the way billing does: SubscriptionCanceled. */
export async function cancelSubscription(t: TestApp, userId: string) {
  return appendBillingEvent(t, userId, 'SubscriptionCanceled', {
    subscriptionId: `sub_${userId}`,
    occurredAt: new Date().toISOString(),
  });
}

/** Puts a user on a paid tier the way billing does: a SubscriptionActivated event on their billing stream. */
export async function activateSubscription(
  t: TestApp,
  userId: string,
  tier: 'starter' | 'pro' | 'team' = 'pro',
  customerId = `cus_${userId}`,
) {
  const data = {
    tier,
    status: 'active' as const,
    subscriptionId: `sub_${userId}`,
    customerId,
    currentPeriodEnd: '2099-01-01T00:00:00.000Z',
    occurredAt: new Date().toISOString(),
  };
  return appendBillingEvent(t, userId, 'SubscriptionActivated', data);
}

export async function createGoal(
  client: TestClient,
  body: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  const response = await client.post('/api/goals/create-simple', { title: 'Learn to juggle', ...body }, headers);
  if (response.statusCode !== 201) throw new Error(`create-simple: ${response.statusCode} ${response.body}`);
  return response.json<{ goal: { id: string; version: number }; position: string }>();
}

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse): T => response.json<T>();

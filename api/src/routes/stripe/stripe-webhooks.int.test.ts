import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamIds } from '@stride/domain/stream-ids';
import { checkExpiredSubscriptions } from '@stride/application/billing/check-expired-subscriptions';
import { eventTypesOf, eventually } from '../../../test/billing-test-helpers';
import { PRICES, startStripeTestKit, WEBHOOK_SECRET, type StripeTestKit } from '../../../test/stripe-test-setup';

const DAY = 86_400_000;

describe('Stripe webhooks (signed deliveries against the real route)', () => {
  let kit: StripeTestKit;
  beforeAll(async () => {
    kit = await startStripeTestKit();
  });
  afterAll(async () => {
    await kit.close();
  });

  const billingEvents = (userId: string) => eventTypesOf(kit.t.services.eventStore, streamIds.billing(userId));
  const stateOf = async (userId: string) => (await kit.billing.store.load(userId)).state;
  const receipts = async (eventId: string) =>
    (await kit.t.database.pool.query('SELECT outcome FROM stripe_events WHERE event_id = $1', [eventId])).rows;
  const deadlineOf = async (userId: string) =>
    (
      await kit.t.database.pool.query<{ due_at: Date; reason: string }>(
        'SELECT due_at, reason FROM billing_deadlines WHERE user_id = $1',
        [userId],
      )
    ).rows[0];
  const runJob = (now: Date) =>
    checkExpiredSubscriptions({ store: kit.billing.store, logger: kit.t.services.logger }, { now });

  describe('checkout.session.completed and customer.subscription.created', () => {
    it('activates the plan, links the customer and records the first paid invoice', async () => {
      const client = await kit.user('checkout@example.com');
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.pro });
      const { events, subscription, customer } = kit.stripe.state.completeCheckout(
        response.json<{ sessionId: string }>().sessionId,
      );
      const outcomes = [];
      for (const event of events) outcomes.push((await kit.deliver(event)).body.outcome);
      expect(outcomes).toEqual(['applied', 'applied', 'applied']);
      expect(await billingEvents(client.userId)).toEqual([
        'SubscriptionActivated',
        'StripeCustomerLinked',
        'InvoicePaid',
      ]);
      expect(await stateOf(client.userId)).toMatchObject({
        tier: 'pro',
        status: 'active',
        subscriptionId: subscription.id,
        customerIds: [customer.id],
        email: 'checkout@example.com',
        currentPeriodEnd: new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000).toISOString(),
      });
      const record = await eventually(async () => {
        const body = (await client.get('/api/user/get-user-data-simple')).json<{
          subscription_tier: string;
          subscription_status: string;
        }>();
        return body.subscription_tier === 'pro' ? body : undefined;
      });
      expect(record.subscription_status).toBe('active');
    });

    it('activates from the checkout alone when the subscription events are late, then takes their details', async () => {
      const client = await kit.user('late-sub@example.com');
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.starter });
      const { events } = kit.stripe.state.completeCheckout(response.json<{ sessionId: string }>().sessionId);
      const [created, completed] = events;
      expect((await kit.deliver(completed!)).body.outcome).toBe('applied');
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'starter', status: 'active', currentPeriodEnd: null });
      expect((await kit.deliver(created!)).body.outcome).toBe('applied');
      expect((await stateOf(client.userId)).currentPeriodEnd).not.toBeNull();
      expect(await billingEvents(client.userId)).toEqual([
        'StripeCustomerLinked',
        'SubscriptionActivated',
        'SubscriptionChanged',
      ]);
    });
  });

  describe('duplicates', () => {
    it('applies an event once however often (and however concurrently) it is delivered', async () => {
      const client = await kit.user('dupes@example.com');
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.pro });
      const { events } = kit.stripe.state.completeCheckout(response.json<{ sessionId: string }>().sessionId);
      const created = events[0]!;
      const concurrent = await Promise.all([kit.deliver(created), kit.deliver(created), kit.deliver(created)]);
      expect(concurrent.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(concurrent.filter((r) => r.body.duplicate === false)).toHaveLength(1);
      const later = await kit.deliver(created);
      expect(later).toMatchObject({ statusCode: 200, body: { received: true, duplicate: true, outcome: 'duplicate' } });
      expect(await billingEvents(client.userId)).toEqual(['SubscriptionActivated']);
      expect(await receipts((created as { id: string }).id)).toEqual([{ outcome: 'applied' }]);
    });
  });

  describe('signatures', () => {
    it('refuses a bad, tampered, missing or stale signature with 400 and changes nothing', async () => {
      const client = await kit.user('forged@example.com');
      const customer = kit.stripe.state.createCustomer({ email: client.email, metadata: { userId: client.userId } });
      const subscription = kit.stripe.state.createSubscription({
        customer: customer.id,
        priceId: PRICES.pro,
        metadata: { userId: client.userId },
      });
      const event = kit.stripe.state.event('customer.subscription.created', subscription);
      const payload = JSON.stringify(event);
      const send = (body: string, signature?: string) =>
        kit.t.app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          payload: body,
          headers: {
            'content-type': 'application/json',
            ...(signature !== undefined && { 'stripe-signature': signature }),
          },
        });
      const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
      const valid = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      const tampered = payload.replace(PRICES.pro, PRICES.team);

      for (const response of [
        await send(payload, wrongSecret),
        await send(tampered, valid),
        await send(payload),
        await send(payload, stale),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid_signature' });
      }
      expect(await billingEvents(client.userId)).toEqual([]);
      expect(await receipts(event.id)).toEqual([]);
      // The genuine delivery still applies afterwards.
      expect((await send(payload, valid)).statusCode).toBe(200);
      expect(await billingEvents(client.userId)).toEqual(['SubscriptionActivated']);
    });
  });

  describe('out-of-order deliveries', () => {
    it('never rolls the subscription back to an older report', async () => {
      const client = await kit.user('ordering@example.com');
      const { subscriptionId } = await kit.subscribe(client, PRICES.pro);
      const base = kit.stripe.state.now();
      const toStarter = kit.stripe.state.changePrice(subscriptionId, PRICES.starter).events[0]!;
      const olderPro = kit.stripe.state.event('customer.subscription.updated', {
        ...(toStarter.data.object as object),
        items: kit.stripe.state.requireSubscription(subscriptionId).items,
      });
      toStarter.created = base + 20;
      olderPro.created = base + 10;
      // make the older report describe the pro price again
      const olderObject = olderPro.data.object as { items: { data: Array<{ price: { id: string } }> } };
      olderObject.items.data[0]!.price.id = PRICES.pro;

      expect((await kit.deliver(toStarter)).body.outcome).toBe('applied');
      expect((await kit.deliver(olderPro)).body.outcome).toBe('ignored');
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'starter', status: 'active' });

      const deleted = kit.stripe.state.cancelSubscription(subscriptionId).events[0]!;
      deleted.created = base + 30;
      const lateActive = kit.stripe.state.event(
        'customer.subscription.updated',
        { ...(deleted.data.object as object), status: 'active' },
        { created: base + 25 },
      );
      expect((await kit.deliver(deleted)).body.outcome).toBe('applied');
      expect((await kit.deliver(lateActive)).body.outcome).toBe('ignored');
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'starter', status: 'canceled' });
    });

    it('ignores a late failure once a newer report says the subscription is fine', async () => {
      const client = await kit.user('late-failure@example.com');
      const { subscriptionId } = await kit.subscribe(client, PRICES.basic);
      const { events } = kit.stripe.state.failRenewal(subscriptionId);
      const [failure] = events;
      const recovered = kit.stripe.state.payOpenInvoice(subscriptionId).events;
      for (const event of recovered) event.created = failure!.created + 60;
      for (const event of recovered) await kit.deliver(event);
      expect((await kit.deliver(failure!)).body.outcome).toBe('ignored');
      expect(await stateOf(client.userId)).toMatchObject({ status: 'active', paymentFailure: null });
    });
  });

  describe('invoice.payment_failed, the grace period and invoice.paid', () => {
    it('starts a grace period from the first failure, keeps it on retries and ends it on payment', async () => {
      const client = await kit.user('failing@example.com');
      const { subscriptionId } = await kit.subscribe(client, PRICES.pro);
      const { events, invoice } = kit.stripe.state.failRenewal(subscriptionId);
      for (const event of events) await kit.deliver(event);
      const failedAt = new Date(events[0]!.created * 1000).toISOString();
      const graceEnd = new Date(events[0]!.created * 1000 + 7 * DAY).toISOString();
      expect(await stateOf(client.userId)).toMatchObject({
        tier: 'pro',
        status: 'past_due',
        paymentFailure: { invoiceId: invoice.id, failedAt, gracePeriodEndsAt: graceEnd },
      });
      expect((await deadlineOf(client.userId))?.due_at.toISOString()).toBe(graceEnd);

      // Stripe's automatic retry fails again two days later: the grace period does not restart.
      const retry = kit.stripe.state.event('invoice.payment_failed', invoice, {
        created: events[0]!.created + 2 * 86_400,
      });
      expect((await kit.deliver(retry)).body.outcome).toBe('ignored');

      const status = (await client.get('/api/stripe/subscription-status')).json();
      expect(status).toMatchObject({
        status: 'past_due',
        paymentFailedAt: failedAt,
        gracePeriodEndsAt: graceEnd,
        effectiveTier: 'pro',
      });
      const record = await eventually(async () => {
        const body = (await client.get('/api/user/get-user-data-simple')).json<{
          payment_failed_at: string | null;
          grace_period_ends_at: string | null;
          subscription_status: string;
        }>();
        return body.subscription_status === 'past_due' ? body : undefined;
      });
      expect(record).toMatchObject({ payment_failed_at: failedAt, grace_period_ends_at: graceEnd });

      for (const event of kit.stripe.state.payOpenInvoice(subscriptionId).events) await kit.deliver(event);
      expect(await stateOf(client.userId)).toMatchObject({ status: 'active', paymentFailure: null });
      expect(await deadlineOf(client.userId)).toBeUndefined();
      // The past-due report carried the renewed period: PaymentFailed, SubscriptionChanged, PaymentRecovered.
      expect((await billingEvents(client.userId)).slice(-3)).toEqual([
        'PaymentFailed',
        'SubscriptionChanged',
        'PaymentRecovered',
      ]);
    });

    it('downgrades to free when the grace period ends unpaid, and restores the plan if Stripe collects later', async () => {
      const client = await kit.user('unpaid@example.com');
      const { subscriptionId } = await kit.subscribe(client, PRICES.starter);
      const { events } = kit.stripe.state.failRenewal(subscriptionId);
      for (const event of events) await kit.deliver(event);
      const graceEnd = events[0]!.created * 1000 + 7 * DAY;

      const early = (await runJob(new Date(graceEnd - 1000))).downgraded;
      expect(early.filter((entry) => entry.userId === client.userId)).toEqual([]);
      expect(await kit.billing.store.dueUserIds(new Date(graceEnd), 100)).toContain(client.userId);
      const run = await runJob(new Date(graceEnd + 1000));
      expect(run.downgraded).toContainEqual({
        userId: client.userId,
        fromTier: 'starter',
        reason: 'grace_period_ended',
      });
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'free', status: 'active', paymentFailure: null });
      expect(await deadlineOf(client.userId)).toBeUndefined();
      // (The job sees every user of this suite: only this user's entries matter here.)
      const again = (await runJob(new Date(graceEnd + 2000))).downgraded;
      expect(again.filter((entry) => entry.userId === client.userId)).toEqual([]);

      for (const event of kit.stripe.state.payOpenInvoice(subscriptionId).events) {
        event.created = Math.floor(graceEnd / 1000) + 3600;
        await kit.deliver(event);
      }
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'starter', status: 'active' });
    });
  });

  describe('customer.subscription.updated and deleted', () => {
    it('follows a plan change, keeps the tier for a price it does not know, and cancels on deletion', async () => {
      const client = await kit.user('changes@example.com');
      const { subscriptionId } = await kit.subscribe(client, PRICES.starter);
      for (const event of kit.stripe.state.changePrice(subscriptionId, PRICES.team).events) await kit.deliver(event);
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'team' });
      for (const event of kit.stripe.state.changePrice(subscriptionId, 'price_unknown_legacy').events)
        await kit.deliver(event);
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'team' });

      const [deleted] = kit.stripe.state.cancelSubscription(subscriptionId).events;
      expect((await kit.deliver(deleted!)).body.outcome).toBe('applied');
      const state = await stateOf(client.userId);
      expect(state).toMatchObject({ tier: 'team', status: 'canceled' });
      expect((await client.get('/api/stripe/subscription-status')).json()).toMatchObject({
        status: 'canceled',
        effectiveTier: 'free',
      });

      const canceledAt = Date.parse(state.canceledAt ?? '');
      expect((await runJob(new Date(canceledAt + 7 * DAY + 1000))).downgraded).toContainEqual({
        userId: client.userId,
        fromTier: 'team',
        reason: 'subscription_deleted',
      });
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'free', status: 'active' });
    });
  });

  describe('delivery order (issue 11, defect 4)', () => {
    const checkoutOf = async (email: string) => {
      const client = await kit.user(email);
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.pro });
      const checkout = kit.stripe.state.completeCheckout(response.json<{ sessionId: string }>().sessionId);
      return { client, ...checkout };
    };
    const deliverAll = async (events: readonly Parameters<StripeTestKit['deliver']>[0][]) => {
      for (const event of events) expect((await kit.deliver(event)).statusCode).toBe(200);
    };

    it('ends canceled when the deletion is delivered before the creation and the checkout', async () => {
      const { client, events, subscription } = await checkoutOf('deleted-first@example.com');
      kit.stripe.state.advanceClock(3600);
      const deletion = kit.stripe.state.cancelSubscription(subscription.id).events;
      kit.stripe.state.setClock(null);
      await deliverAll([...deletion, ...[...events].reverse()]);
      expect(await stateOf(client.userId)).toMatchObject({
        tier: 'pro',
        status: 'canceled',
        subscriptionId: subscription.id,
        keptReports: [],
      });
      expect((await client.get('/api/stripe/subscription-status')).json()).toMatchObject({ effectiveTier: 'free' });
    });

    it('ends past due, with its grace period, when the failure is delivered before the subscription is known', async () => {
      const { client, events, subscription } = await checkoutOf('failure-first@example.com');
      kit.stripe.state.advanceClock(3 * 86_400);
      const failure = kit.stripe.state.failRenewal(subscription.id).events;
      kit.stripe.state.setClock(null);
      await deliverAll([...failure, ...events]);
      const state = await stateOf(client.userId);
      expect(state).toMatchObject({ tier: 'pro', status: 'past_due', keptReports: [] });
      expect(state.paymentFailure?.failedAt).toBe(new Date(failure[0]!.created * 1000).toISOString());
      expect((await client.get('/api/stripe/subscription-status')).json()).toMatchObject({
        status: 'past_due',
        effectiveTier: 'pro',
        graceDaysRemaining: expect.any(Number),
      });
    });
  });

  describe('events that change nothing', () => {
    it('acknowledges unknown customers, unhandled types and invoices without a subscription', async () => {
      const stranger = kit.stripe.state.createCustomer({ email: 'stranger@example.com' });
      const orphan = kit.stripe.state.createSubscription({ customer: stranger.id, priceId: PRICES.pro });
      const unmatched = await kit.deliver(kit.stripe.state.event('customer.subscription.created', orphan));
      expect(unmatched.body).toMatchObject({ outcome: 'unmatched', duplicate: false });
      const other = await kit.deliver(kit.stripe.state.event('customer.created', stranger));
      expect(other.body).toMatchObject({ outcome: 'ignored' });
      const oneOff = {
        id: 'in_one_off',
        object: 'invoice',
        customer: stranger.id,
        created: kit.stripe.state.now(),
        parent: null,
      };
      expect((await kit.deliver(kit.stripe.state.event('invoice.paid', oneOff))).body).toMatchObject({
        outcome: 'ignored',
      });
    });

    it('answers 500 (so Stripe retries) when a handled event cannot be read, and stores nothing', async () => {
      const broken = kit.stripe.state.event('customer.subscription.updated', {
        id: 'sub_broken',
        object: 'subscription',
      });
      const response = await kit.deliver(broken);
      expect(response.statusCode).toBe(500);
      expect(await receipts(broken.id)).toEqual([]);
    });
  });
});

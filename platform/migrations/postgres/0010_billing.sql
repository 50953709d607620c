-- Billing (Stripe). The billing stream `billing-{userId}` in the event log stays the source of truth;
-- these tables are written in the same transaction as the billing events they go with.

-- Every Stripe webhook event applied, keyed by Stripe's event id: a redelivery finds its row and is
-- answered 200 without effect. The row commits with the event's effects (never before them), so a
-- delivery that failed half-way leaves no row and its retry is applied in full.
CREATE TABLE stripe_events (
  event_id          text PRIMARY KEY,
  event_type        text NOT NULL,
  stripe_created_at timestamptz NOT NULL,
  user_id           text,
  outcome           text NOT NULL CHECK (outcome IN ('applied', 'ignored', 'unmatched')),
  processed_at      timestamptz NOT NULL DEFAULT now()
);

-- When each user's billing falls due for a downgrade (end of an unpaid grace period, or of a canceled
-- subscription's). Rewritten from the billing state after every billing append; the downgrade job reads
-- the rows that are due instead of replaying every stream.
CREATE TABLE billing_deadlines (
  user_id    text PRIMARY KEY,
  due_at     timestamptz NOT NULL,
  reason     text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_deadlines_due_idx ON billing_deadlines (due_at);

-- Finding the user of a Stripe customer straight from the log (StripeCustomerLinked events).
CREATE INDEX events_stripe_customer_idx ON events ((data ->> 'customerId'), global_position)
  WHERE event_type = 'StripeCustomerLinked';

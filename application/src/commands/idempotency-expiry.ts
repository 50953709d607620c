import type { Logger } from '@stride/platform/logger';
import type { IdempotencyStore } from './idempotency-store';

export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Forgets Idempotency-Keys a day after they were claimed (as Stripe does): a retry comes within minutes,
 * and the table stays small. Runs hourly in every API process; the delete is idempotent.
 */
export function startIdempotencyExpiry(store: IdempotencyStore, clock: () => Date, logger: Logger): () => void {
  const sweep = () =>
    store
      .deleteClaimedBefore(new Date(clock().getTime() - IDEMPOTENCY_KEY_RETENTION_MS))
      .then((deleted) => deleted > 0 && logger.info({ deleted }, 'expired idempotency keys removed'))
      .catch((error: unknown) => logger.warn({ err: error }, 'could not remove expired idempotency keys'));
  void sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

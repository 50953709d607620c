import { personalDataPaths } from '@stride/domain/privacy/personal-data';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';

/** Wait for each mutation to be applied (on every replica), so an erasure is done when this returns. */
const SYNC = 'SETTINGS mutations_sync = 2';

/**
 * What an erased user leaves in analytics: only anonymous figures. Their rows stay under their opaque user
 * id (no read model, key or Stripe customer links it to a person any more), so every total is unchanged;
 * what could name them goes: the payload of their events that carried personal fields (rows written before
 * personal fields were redacted at ingest; newer rows never had them), the free-form properties of their
 * tracked events, and the email and message of their sign-up errors.
 */
export async function eraseUserAnalytics(client: AnalyticsClient, userId: string): Promise<void> {
  const params = { userId, types: Object.keys(personalDataPaths) };
  await client.command(
    `ALTER TABLE domain_events UPDATE data = '{}'
      WHERE user_id = {userId:String} AND has({types:Array(String)}, event_type) ${SYNC}`,
    params,
  );
  await client.command(
    `ALTER TABLE tracked_events UPDATE properties = '{}' WHERE user_id = {userId:String} ${SYNC}`,
    params,
  );
  await client.command(
    `ALTER TABLE signup_errors UPDATE email = '', message = '' WHERE user_id = {userId:String} ${SYNC}`,
    params,
  );
}

import { parseStreamId, type StreamCategory } from '../stream-ids';

/** Streams named after their user: `user-{userId}`, `usage-{userId}`, `billing-{userId}`. */
const USER_NAMED_STREAMS: readonly StreamCategory[] = ['user', 'usage', 'billing', 'calendar'];

/**
 * The user an event counts for in analytics (and the partition key it is relayed under). Events of user,
 * usage and billing streams belong to the user the stream is named after, whoever caused them (a billing
 * job, a webhook); events of goal and collection streams belong to the user who caused them, which for
 * every user-facing command is the owner.
 */
export function analyticsUserOf(streamId: string, actorUserId: string): string {
  try {
    const { category, id } = parseStreamId(streamId);
    return USER_NAMED_STREAMS.includes(category) ? id : actorUserId;
  } catch {
    return actorUserId;
  }
}

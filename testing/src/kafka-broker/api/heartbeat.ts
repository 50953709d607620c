/**
 * Heartbeat v3. REBALANCE_IN_PROGRESS tells a member to rejoin; UNKNOWN_MEMBER_ID and
 * ILLEGAL_GENERATION that it was dropped from, or is behind, the current generation.
 *
 *   Request  => group_id:STRING generation_id:int32 member_id:STRING group_instance_id:NULLABLE_STRING
 *   Response => throttle_time_ms:int32 error_code:int16
 */
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

export const heartbeatHandler: ApiHandler = {
  apiKey: ApiKey.Heartbeat,
  name: 'Heartbeat',
  minVersion: 3,
  maxVersion: 3,
  handle: ({ body, broker }) => {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    body.nullableString(); // group_instance_id
    const errorCode =
      groupId === '' ? ErrorCode.InvalidGroupId : broker.groups.group(groupId).heartbeat(memberId, generationId);
    return new ProtocolWriter().int32(0).int16(errorCode);
  },
};

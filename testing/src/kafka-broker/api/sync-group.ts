/**
 * SyncGroup v3. The leader's request carries every member's assignment; each member's request
 * is answered with its own assignment once the leader's has arrived.
 *
 *   Request  => group_id:STRING generation_id:int32 member_id:STRING group_instance_id:NULLABLE_STRING
 *               [assignments: member_id:STRING assignment:BYTES]
 *   Response => throttle_time_ms:int32 error_code:int16 assignment:BYTES
 */
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

function encodeResponse(errorCode: ErrorCode, assignment: Buffer): ProtocolWriter {
  return new ProtocolWriter().int32(0).int16(errorCode).bytes(assignment);
}

export const syncGroupHandler: ApiHandler = {
  apiKey: ApiKey.SyncGroup,
  name: 'SyncGroup',
  minVersion: 3,
  maxVersion: 3,
  handle: async ({ body, broker }) => {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    body.nullableString(); // group_instance_id
    const assignments = new Map(body.array((r) => [r.string(), r.bytes() ?? Buffer.alloc(0)] as const));
    if (groupId === '') return encodeResponse(ErrorCode.InvalidGroupId, Buffer.alloc(0));
    const result = await broker.groups.group(groupId).sync(memberId, generationId, assignments);
    return encodeResponse(result.errorCode, result.assignment);
  },
};

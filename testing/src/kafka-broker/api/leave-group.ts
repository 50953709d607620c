/**
 * LeaveGroup v3 (batch of members, KIP-345).
 *
 *   Request  => group_id:STRING [members: member_id:STRING group_instance_id:NULLABLE_STRING]
 *   Response => throttle_time_ms:int32 error_code:int16
 *               [members: member_id:STRING group_instance_id:NULLABLE_STRING error_code:int16]
 */
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

interface LeavingMember {
  readonly memberId: string;
  readonly groupInstanceId: string | null;
}

export const leaveGroupHandler: ApiHandler = {
  apiKey: ApiKey.LeaveGroup,
  name: 'LeaveGroup',
  minVersion: 3,
  maxVersion: 3,
  handle: ({ body, broker }) => {
    const groupId = body.string();
    const members = body.array((r): LeavingMember => ({
      memberId: r.string(),
      groupInstanceId: r.nullableString(),
    }));
    const writer = new ProtocolWriter().int32(0);
    if (groupId === '') return writer.int16(ErrorCode.InvalidGroupId).int32(0); // no per-member results
    const group = broker.groups.group(groupId);
    return writer
      .int16(ErrorCode.None)
      .array(members, (w, member) =>
        w.string(member.memberId).string(member.groupInstanceId).int16(group.leave(member.memberId)),
      );
  },
};

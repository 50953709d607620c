/**
 * JoinGroup v5. A first join with an empty member id gets MEMBER_ID_REQUIRED and a broker
 * assigned id (KIP-394); the join with that id is answered when the rebalance completes.
 * Static membership (group_instance_id, KIP-345) is not served: the field is ignored.
 *
 *   Request  => group_id:STRING session_timeout_ms:int32 rebalance_timeout_ms:int32 member_id:STRING
 *               group_instance_id:NULLABLE_STRING protocol_type:STRING [protocols: name:STRING metadata:BYTES]
 *   Response => throttle_time_ms:int32 error_code:int16 generation_id:int32 protocol_name:STRING
 *               leader:STRING member_id:STRING
 *               [members: member_id:STRING group_instance_id:NULLABLE_STRING metadata:BYTES]
 */
import { joinError } from '../consumer-group';
import type { JoinRequest, JoinResult } from '../consumer-group';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import type { ProtocolReader } from '../protocol/reader';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

/** Kafka's group.max.session.timeout.ms default; the 6 s minimum is not enforced so tests can expire sessions fast. */
const MAX_SESSION_TIMEOUT_MS = 1_800_000;

interface JoinGroupRequest extends JoinRequest {
  readonly groupId: string;
}

function decodeRequest(reader: ProtocolReader, clientId: string): JoinGroupRequest {
  const groupId = reader.string();
  const sessionTimeoutMs = reader.int32();
  const rebalanceTimeoutMs = reader.int32();
  const memberId = reader.string();
  reader.nullableString(); // group_instance_id
  const protocolType = reader.string();
  const protocols = reader.array((r) => ({ name: r.string(), metadata: r.bytes() ?? Buffer.alloc(0) }));
  return { groupId, sessionTimeoutMs, rebalanceTimeoutMs, memberId, protocolType, protocols, clientId };
}

function encodeResponse(result: JoinResult): ProtocolWriter {
  return new ProtocolWriter()
    .int32(0)
    .int16(result.errorCode)
    .int32(result.generationId)
    .string(result.protocolName)
    .string(result.leaderId)
    .string(result.memberId)
    .array(result.members, (w, member) => w.string(member.memberId).string(null).bytes(member.metadata));
}

export const joinGroupHandler: ApiHandler = {
  apiKey: ApiKey.JoinGroup,
  name: 'JoinGroup',
  minVersion: 5,
  maxVersion: 5,
  handle: async ({ body, broker, header }) => {
    const request = decodeRequest(body, header.clientId ?? '');
    if (request.groupId === '') return encodeResponse(joinError(ErrorCode.InvalidGroupId, request.memberId));
    if (request.sessionTimeoutMs <= 0 || request.sessionTimeoutMs > MAX_SESSION_TIMEOUT_MS) {
      return encodeResponse(joinError(ErrorCode.InvalidSessionTimeout, request.memberId));
    }
    return encodeResponse(await broker.groups.group(request.groupId).join(request));
  },
};

/**
 * FindCoordinator v2. The single node coordinates every group (and would every transaction).
 *
 *   Request  => key:STRING key_type:int8 (0 = group, 1 = transaction)
 *   Response => throttle_time_ms:int32 error_code:int16 error_message:NULLABLE_STRING
 *               node_id:int32 host:STRING port:int32
 */
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

const GROUP_KEY_TYPE = 0;
const TRANSACTION_KEY_TYPE = 1;
const NO_NODE = -1;

export const findCoordinatorHandler: ApiHandler = {
  apiKey: ApiKey.FindCoordinator,
  name: 'FindCoordinator',
  minVersion: 2,
  maxVersion: 2,
  handle: ({ body, broker }) => {
    body.string(); // key: every group and transactional id maps to this node
    const keyType = body.int8();
    const writer = new ProtocolWriter().int32(0);
    if (keyType !== GROUP_KEY_TYPE && keyType !== TRANSACTION_KEY_TYPE) {
      return writer
        .int16(ErrorCode.InvalidRequest)
        .string(`Unknown coordinator type ${keyType}`)
        .int32(NO_NODE)
        .string('')
        .int32(NO_NODE);
    }
    return writer.int16(ErrorCode.None).string(null).int32(broker.nodeId).string(broker.config.host).int32(broker.port);
  },
};

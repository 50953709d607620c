/**
 * InitProducerId v1: producer ids for idempotent producers (epoch bumps for transactional ids).
 *
 *   Request  => transactional_id:NULLABLE_STRING transaction_timeout_ms:int32
 *   Response => throttle_time_ms:int32 error_code:int16 producer_id:int64 producer_epoch:int16
 */
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

export const initProducerIdHandler: ApiHandler = {
  apiKey: ApiKey.InitProducerId,
  name: 'InitProducerId',
  minVersion: 1,
  maxVersion: 1,
  handle: ({ body, broker }) => {
    const transactionalId = body.nullableString();
    body.int32(); // transaction_timeout_ms
    const { producerId, producerEpoch } = broker.producers.initProducerId(transactionalId);
    return new ProtocolWriter().int32(0).int16(ErrorCode.None).int64(producerId).int16(producerEpoch);
  },
};

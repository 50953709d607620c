import type { BrokerState } from '../broker-state';
import type { ApiKey } from '../protocol/api-keys';
import type { RequestHeader } from '../protocol/frame';
import type { ProtocolReader } from '../protocol/reader';
import type { ProtocolWriter } from '../protocol/writer';

export interface RequestContext {
  readonly header: RequestHeader;
  /** The request body, positioned just after the request header. */
  readonly body: ProtocolReader;
  readonly broker: BrokerState;
  /** Aborted when the client connection closes, so long-polling handlers can stop waiting. */
  readonly signal: AbortSignal;
}

/** An encoded response body, or null when the client expects no response (Produce with acks=0). */
export type ResponseBody = ProtocolWriter | null;

/** One Kafka API, served at exactly the versions in [minVersion, maxVersion]. */
export interface ApiHandler {
  readonly apiKey: ApiKey;
  readonly name: string;
  readonly minVersion: number;
  readonly maxVersion: number;
  handle(context: RequestContext): ResponseBody | Promise<ResponseBody>;
}

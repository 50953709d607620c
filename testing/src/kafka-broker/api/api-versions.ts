/**
 * ApiVersions v0-v2 (v1+ adds throttle_time_ms). kafkajs starts with v2.
 *
 *   Request  => (empty)
 *   Response => error_code:int16 [api_key:int16 min_version:int16 max_version:int16] throttle_time_ms:int32 (v1+)
 */
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/errors';
import { ProtocolWriter } from '../protocol/writer';
import type { ApiHandler } from './handler';

export interface ApiVersionRange {
  readonly apiKey: number;
  readonly minVersion: number;
  readonly maxVersion: number;
}

const MIN_VERSION = 0;
const MAX_VERSION = 2;

function encodeResponse(errorCode: ErrorCode, ranges: readonly ApiVersionRange[], version: number): ProtocolWriter {
  const writer = new ProtocolWriter()
    .int16(errorCode)
    .array(ranges, (w, range) => w.int16(range.apiKey).int16(range.minVersion).int16(range.maxVersion));
  if (version >= 1) writer.int32(0);
  return writer;
}

/**
 * The body Kafka sends for an ApiVersions request of a version it does not know: v0 layout with
 * UNSUPPORTED_VERSION, so the client can retry with a lower version.
 */
export function encodeUnsupportedApiVersionsResponse(ranges: readonly ApiVersionRange[]): ProtocolWriter {
  return encodeResponse(ErrorCode.UnsupportedVersion, ranges, 0);
}

/** ApiVersions advertises its own range and those of `otherApis`. */
export function createApiVersionsHandler(otherApis: readonly ApiVersionRange[]): ApiHandler {
  const ranges = [...otherApis, { apiKey: ApiKey.ApiVersions, minVersion: MIN_VERSION, maxVersion: MAX_VERSION }].sort(
    (a, b) => a.apiKey - b.apiKey,
  );
  return {
    apiKey: ApiKey.ApiVersions,
    name: 'ApiVersions',
    minVersion: MIN_VERSION,
    maxVersion: MAX_VERSION,
    handle: ({ header }) => encodeResponse(ErrorCode.None, ranges, header.apiVersion),
  };
}

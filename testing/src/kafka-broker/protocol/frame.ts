/**
 * Size-delimited framing and the request/response headers of the non-flexible protocol versions
 * (request header v1, response header v0), which are the only ones kafkajs 2.x speaks.
 *
 *   Request  => Size:int32 ApiKey:int16 ApiVersion:int16 CorrelationId:int32 ClientId:NULLABLE_STRING Body
 *   Response => Size:int32 CorrelationId:int32 Body
 */
import { ProtocolDecodeError } from './errors';
import type { ProtocolReader } from './reader';

const SIZE_PREFIX_BYTES = 4;
/** Same default as the broker's socket.request.max.bytes. */
export const MAX_FRAME_BYTES = 100 * 1024 * 1024;

export interface RequestHeader {
  readonly apiKey: number;
  readonly apiVersion: number;
  readonly correlationId: number;
  readonly clientId: string | null;
}

export function readRequestHeader(reader: ProtocolReader): RequestHeader {
  return {
    apiKey: reader.int16(),
    apiVersion: reader.int16(),
    correlationId: reader.int32(),
    clientId: reader.nullableString(),
  };
}

export function encodeResponseFrame(correlationId: number, body: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(SIZE_PREFIX_BYTES + 4 + body.length);
  frame.writeInt32BE(4 + body.length, 0);
  frame.writeInt32BE(correlationId, SIZE_PREFIX_BYTES);
  body.copy(frame, SIZE_PREFIX_BYTES + 4);
  return frame;
}

/** Reassembles size-prefixed frames from arbitrary TCP chunks. */
export class FrameDecoder {
  private pending: Buffer = Buffer.alloc(0);

  /** Adds a chunk and returns every frame (without its size prefix) completed by it. */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    while (this.pending.length >= SIZE_PREFIX_BYTES) {
      const size = this.pending.readInt32BE(0);
      if (size < 0 || size > MAX_FRAME_BYTES) {
        throw new ProtocolDecodeError(`invalid frame size ${size}`);
      }
      if (this.pending.length < SIZE_PREFIX_BYTES + size) break;
      frames.push(this.pending.subarray(SIZE_PREFIX_BYTES, SIZE_PREFIX_BYTES + size));
      this.pending = this.pending.subarray(SIZE_PREFIX_BYTES + size);
    }
    return frames;
  }
}

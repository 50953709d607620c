import { zigZagEncode32, zigZagEncode64 } from './varint';

/**
 * Growable big-endian writer for Kafka protocol primitives (non-flexible versions) and the
 * varint-based fields of record batches v2. All write methods return `this` for chaining.
 */
export class ProtocolWriter {
  private buffer: Buffer;
  private length = 0;

  constructor(initialCapacity = 256) {
    this.buffer = Buffer.allocUnsafe(initialCapacity);
  }

  get size(): number {
    return this.length;
  }

  int8(value: number): this {
    const at = this.reserve(1);
    this.buffer.writeInt8(value, at);
    return this;
  }

  int16(value: number): this {
    const at = this.reserve(2);
    this.buffer.writeInt16BE(value, at);
    return this;
  }

  int32(value: number): this {
    const at = this.reserve(4);
    this.buffer.writeInt32BE(value, at);
    return this;
  }

  uint32(value: number): this {
    const at = this.reserve(4);
    this.buffer.writeUInt32BE(value, at);
    return this;
  }

  int64(value: bigint): this {
    const at = this.reserve(8);
    this.buffer.writeBigInt64BE(value, at);
    return this;
  }

  boolean(value: boolean): this {
    return this.int8(value ? 1 : 0);
  }

  /** STRING / NULLABLE_STRING: int16 length prefix, null is -1. */
  string(value: string | null): this {
    if (value === null) return this.int16(-1);
    const bytes = Buffer.from(value, 'utf8');
    return this.int16(bytes.length).raw(bytes);
  }

  /** BYTES / NULLABLE_BYTES: int32 length prefix, null is -1. */
  bytes(value: Buffer | null): this {
    if (value === null) return this.int32(-1);
    return this.int32(value.length).raw(value);
  }

  /** ARRAY: int32 length prefix followed by each item. */
  array<T>(items: readonly T[], writeItem: (writer: this, item: T) => void): this {
    this.int32(items.length);
    for (const item of items) writeItem(this, item);
    return this;
  }

  int32Array(items: readonly number[]): this {
    return this.array(items, (writer, item) => writer.int32(item));
  }

  /** Signed zigzag varint (32-bit). */
  varint(value: number): this {
    let remaining = zigZagEncode32(value);
    while (remaining > 0x7f) {
      const at = this.reserve(1);
      this.buffer.writeUInt8((remaining & 0x7f) | 0x80, at);
      remaining >>>= 7;
    }
    const at = this.reserve(1);
    this.buffer.writeUInt8(remaining, at);
    return this;
  }

  /** Signed zigzag varlong (64-bit). */
  varlong(value: bigint): this {
    let remaining = zigZagEncode64(value);
    while (remaining > 0x7fn) {
      const at = this.reserve(1);
      this.buffer.writeUInt8(Number(remaining & 0x7fn) | 0x80, at);
      remaining >>= 7n;
    }
    const at = this.reserve(1);
    this.buffer.writeUInt8(Number(remaining), at);
    return this;
  }

  /** Varint length-prefixed bytes, null is -1. */
  varintBytes(value: Buffer | null): this {
    if (value === null) return this.varint(-1);
    return this.varint(value.length).raw(value);
  }

  /** Varint length-prefixed UTF-8 string, null is -1. */
  varintString(value: string | null): this {
    return this.varintBytes(value === null ? null : Buffer.from(value, 'utf8'));
  }

  raw(bytes: Buffer): this {
    const at = this.reserve(bytes.length);
    bytes.copy(this.buffer, at);
    return this;
  }

  /** A copy of the bytes written so far. */
  toBuffer(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }

  /** Grows the buffer if needed and returns the position to write at. Call before reading `this.buffer`. */
  private reserve(byteCount: number): number {
    const start = this.length;
    const required = start + byteCount;
    if (required > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(required, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, start);
      this.buffer = grown;
    }
    this.length = required;
    return start;
  }
}

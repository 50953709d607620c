import { ProtocolDecodeError } from './errors';
import { MAX_VARINT_BYTES, MAX_VARLONG_BYTES, zigZagDecode32, zigZagDecode64 } from './varint';

/**
 * Sequential big-endian reader for Kafka protocol primitives (non-flexible versions) and the
 * varint-based fields of record batches v2. Every read is bounds-checked and throws
 * {@link ProtocolDecodeError} on truncated input.
 */
export class ProtocolReader {
  private offset = 0;

  constructor(private readonly buffer: Buffer) {}

  get remaining(): number {
    return this.buffer.length - this.offset;
  }

  int8(): number {
    return this.buffer.readInt8(this.advance(1));
  }

  int16(): number {
    return this.buffer.readInt16BE(this.advance(2));
  }

  int32(): number {
    return this.buffer.readInt32BE(this.advance(4));
  }

  uint32(): number {
    return this.buffer.readUInt32BE(this.advance(4));
  }

  int64(): bigint {
    return this.buffer.readBigInt64BE(this.advance(8));
  }

  boolean(): boolean {
    return this.int8() !== 0;
  }

  /** STRING: non-nullable, int16 length prefix. */
  string(): string {
    const value = this.nullableString();
    if (value === null) throw new ProtocolDecodeError('null where a non-nullable STRING was expected');
    return value;
  }

  /** NULLABLE_STRING: int16 length prefix, -1 is null. */
  nullableString(): string | null {
    const length = this.int16();
    if (length === -1) return null;
    return this.raw(length).toString('utf8');
  }

  /** BYTES / NULLABLE_BYTES: int32 length prefix, -1 is null. */
  bytes(): Buffer | null {
    const length = this.int32();
    if (length === -1) return null;
    return this.raw(length);
  }

  /** ARRAY: int32 length prefix; a null array (-1) is read as empty. */
  array<T>(readItem: (reader: ProtocolReader) => T): T[] {
    return this.nullableArray(readItem) ?? [];
  }

  /** Nullable ARRAY: int32 length prefix, -1 is null. */
  nullableArray<T>(readItem: (reader: ProtocolReader) => T): T[] | null {
    const length = this.int32();
    if (length === -1) return null;
    if (length < 0 || length > this.remaining) {
      throw new ProtocolDecodeError(`invalid array length ${length}`);
    }
    const items: T[] = [];
    for (let i = 0; i < length; i++) items.push(readItem(this));
    return items;
  }

  /** Signed zigzag varint (32-bit). */
  varint(): number {
    let encoded = 0;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      const byte = this.buffer.readUInt8(this.advance(1));
      encoded |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return zigZagDecode32(encoded >>> 0);
    }
    throw new ProtocolDecodeError('varint longer than 5 bytes');
  }

  /** Signed zigzag varlong (64-bit). */
  varlong(): bigint {
    let encoded = 0n;
    for (let i = 0; i < MAX_VARLONG_BYTES; i++) {
      const byte = this.buffer.readUInt8(this.advance(1));
      encoded |= BigInt(byte & 0x7f) << BigInt(7 * i);
      if ((byte & 0x80) === 0) return zigZagDecode64(encoded);
    }
    throw new ProtocolDecodeError('varlong longer than 10 bytes');
  }

  /** Varint length-prefixed bytes, -1 is null (record key, value and header value). */
  varintBytes(): Buffer | null {
    const length = this.varint();
    if (length === -1) return null;
    return this.raw(length);
  }

  /** Varint length-prefixed UTF-8 string, -1 is null (record header key). */
  varintString(): string | null {
    return this.varintBytes()?.toString('utf8') ?? null;
  }

  /** The next `length` bytes, as a view on the underlying buffer. */
  raw(length: number): Buffer {
    const start = this.advance(length);
    return this.buffer.subarray(start, start + length);
  }

  /** Everything not read yet. */
  rest(): Buffer {
    return this.raw(this.remaining);
  }

  private advance(length: number): number {
    if (length < 0 || length > this.remaining) {
      throw new ProtocolDecodeError(
        `read of ${length} bytes at offset ${this.offset} exceeds buffer of ${this.buffer.length}`,
      );
    }
    const start = this.offset;
    this.offset += length;
    return start;
  }
}

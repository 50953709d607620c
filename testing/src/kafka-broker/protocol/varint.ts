/**
 * ZigZag transforms used by the varint / varlong encodings of record batches v2
 * (https://developers.google.com/protocol-buffers/docs/encoding#signed-ints).
 */

export const MAX_VARINT_BYTES = 5;
export const MAX_VARLONG_BYTES = 10;

export function zigZagEncode32(value: number): number {
  return ((value << 1) ^ (value >> 31)) >>> 0;
}

export function zigZagDecode32(encoded: number): number {
  return (encoded >>> 1) ^ -(encoded & 1);
}

export function zigZagEncode64(value: bigint): bigint {
  return BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
}

export function zigZagDecode64(encoded: bigint): bigint {
  return BigInt.asIntN(64, (encoded >> 1n) ^ -(encoded & 1n));
}

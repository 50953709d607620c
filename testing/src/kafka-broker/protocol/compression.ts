import { gunzipSync, gzipSync } from 'node:zlib';
import { ErrorCode, RecordBatchError } from './errors';

/** Compression codec ids, stored in the low 3 bits of a record batch's attributes. */
export const CompressionCodec = {
  None: 0,
  Gzip: 1,
  Snappy: 2,
  Lz4: 3,
  Zstd: 4,
} as const;

export type CompressionCodec = (typeof CompressionCodec)[keyof typeof CompressionCodec];

export const COMPRESSION_CODEC_MASK = 0x07;

/** Only `none` and `gzip` are supported; anything else is UNSUPPORTED_COMPRESSION_TYPE. */
export function decompressRecords(codec: number, data: Buffer): Buffer {
  switch (codec) {
    case CompressionCodec.None:
      return data;
    case CompressionCodec.Gzip:
      try {
        return gunzipSync(data);
      } catch (error) {
        throw new RecordBatchError(ErrorCode.CorruptMessage, `invalid gzip data: ${String(error)}`);
      }
    default:
      throw new RecordBatchError(
        ErrorCode.UnsupportedCompressionType,
        `compression codec ${codec} is not supported by the test broker`,
      );
  }
}

export function compressRecords(codec: CompressionCodec, data: Buffer): Buffer {
  switch (codec) {
    case CompressionCodec.None:
      return data;
    case CompressionCodec.Gzip:
      return gzipSync(data);
    default:
      throw new RecordBatchError(
        ErrorCode.UnsupportedCompressionType,
        `compression codec ${codec} is not supported by the test broker`,
      );
  }
}

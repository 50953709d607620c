import { describe, expect, it } from 'vitest';
import { CompressionCodec } from './compression';
import { crc32c } from './crc32c';
import { ErrorCode, ProtocolDecodeError, RecordBatchError } from './errors';
import { encodeResponseFrame, FrameDecoder } from './frame';
import { ProtocolReader } from './reader';
import { decodeRecordBatch, encodeRecordBatch, splitRecordSet, withBaseOffset } from './record-batch';
import { ProtocolWriter } from './writer';

const sampleRecords = [
  {
    timestampDelta: 0n,
    key: Buffer.from('k1'),
    value: Buffer.from('v1'),
    headers: [{ key: 'h', value: Buffer.from('x') }],
  },
  { timestampDelta: 5n, key: null, value: Buffer.from('v2'), headers: [] },
  { timestampDelta: 9n, key: Buffer.from('k3'), value: null, headers: [{ key: 'empty', value: null }] },
];

function errorCodeOf(action: () => unknown): number | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof RecordBatchError) return error.code;
    throw error;
  }
  return undefined;
}

describe('crc32c', () => {
  it('matches the standard CRC-32C check value', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    expect(crc32c(Buffer.alloc(0))).toBe(0);
  });
});

describe('ProtocolWriter / ProtocolReader', () => {
  it('round-trips primitives, strings, bytes and arrays', () => {
    const writer = new ProtocolWriter(1)
      .int8(-5)
      .int16(-300)
      .int32(-70_000)
      .int64(-(2n ** 62n))
      .boolean(true)
      .string('héllo')
      .string(null)
      .bytes(Buffer.from([1, 2, 3]))
      .bytes(null)
      .int32Array([7, 8]);
    const reader = new ProtocolReader(writer.toBuffer());
    expect([reader.int8(), reader.int16(), reader.int32(), reader.int64(), reader.boolean()]).toEqual([
      -5,
      -300,
      -70_000,
      -(2n ** 62n),
      true,
    ]);
    expect([reader.string(), reader.nullableString()]).toEqual(['héllo', null]);
    expect(reader.bytes()).toEqual(Buffer.from([1, 2, 3]));
    expect(reader.bytes()).toBeNull();
    expect(reader.array((r) => r.int32())).toEqual([7, 8]);
    expect(reader.remaining).toBe(0);
  });

  it('round-trips zigzag varints and varlongs at their limits', () => {
    const ints = [0, -1, 1, 63, -64, 64, 300, -300, 2 ** 31 - 1, -(2 ** 31)];
    const longs = [0n, -1n, 1n, 2n ** 63n - 1n, -(2n ** 63n), 1_700_000_000_000n];
    const writer = new ProtocolWriter();
    for (const value of ints) writer.varint(value);
    for (const value of longs) writer.varlong(value);
    const reader = new ProtocolReader(writer.toBuffer());
    expect(ints.map(() => reader.varint())).toEqual(ints);
    expect(longs.map(() => reader.varlong())).toEqual(longs);
  });

  it('encodes varints like the protocol specification', () => {
    expect(new ProtocolWriter().varint(0).toBuffer()).toEqual(Buffer.from([0x00]));
    expect(new ProtocolWriter().varint(-1).toBuffer()).toEqual(Buffer.from([0x01]));
    expect(new ProtocolWriter().varint(150).toBuffer()).toEqual(Buffer.from([0xac, 0x02]));
  });

  it('rejects reads past the end of the buffer', () => {
    const reader = new ProtocolReader(Buffer.from([0, 5, 0x61]));
    expect(() => reader.string()).toThrow(ProtocolDecodeError);
  });
});

describe('FrameDecoder', () => {
  it('reassembles frames split across and merged within chunks', () => {
    const frameA = encodeResponseFrame(1, Buffer.from('alpha'));
    const frameB = encodeResponseFrame(2, Buffer.from('beta'));
    const stream = Buffer.concat([frameA, frameB]);
    const decoder = new FrameDecoder();
    const frames = [
      ...decoder.push(stream.subarray(0, 3)),
      ...decoder.push(stream.subarray(3, 15)),
      ...decoder.push(stream.subarray(15)),
    ];
    expect(frames.map((frame) => [frame.readInt32BE(0), frame.subarray(4).toString()])).toEqual([
      [1, 'alpha'],
      [2, 'beta'],
    ]);
  });

  it('rejects negative frame sizes', () => {
    expect(() => new FrameDecoder().push(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toThrow(ProtocolDecodeError);
  });
});

describe('record batch v2', () => {
  it.each([
    ['none', CompressionCodec.None],
    ['gzip', CompressionCodec.Gzip],
  ] as const)('round-trips records with %s compression', (_name, compression) => {
    const bytes = encodeRecordBatch({
      baseTimestamp: 1_700_000_000_000n,
      compression,
      producerId: 1000n,
      producerEpoch: 0,
      baseSequence: 42,
      records: sampleRecords,
    });
    const batch = decodeRecordBatch(bytes);
    expect(batch).toMatchObject({
      baseOffset: 0n,
      lastOffsetDelta: 2,
      baseTimestamp: 1_700_000_000_000n,
      maxTimestamp: 1_700_000_000_009n,
      producerId: 1000n,
      producerEpoch: 0,
      baseSequence: 42,
    });
    expect(batch.records).toEqual(sampleRecords.map((record, offsetDelta) => ({ ...record, offsetDelta })));
  });

  it('keeps the CRC valid when the base offset is rewritten', () => {
    const bytes = withBaseOffset(encodeRecordBatch({ baseTimestamp: 0n, records: sampleRecords }), 1234n);
    expect(decodeRecordBatch(bytes).baseOffset).toBe(1234n);
  });

  it('reports a corrupted batch as CORRUPT_MESSAGE', () => {
    const bytes = encodeRecordBatch({ baseTimestamp: 0n, records: sampleRecords });
    const last = bytes.length - 1;
    bytes.writeUInt8(bytes.readUInt8(last) ^ 0xff, last);
    expect(errorCodeOf(() => decodeRecordBatch(bytes))).toBe(ErrorCode.CorruptMessage);
  });

  it('reports snappy, lz4 and zstd as UNSUPPORTED_COMPRESSION_TYPE', () => {
    const bytes = encodeRecordBatch({ baseTimestamp: 0n, records: sampleRecords });
    bytes.writeInt16BE(CompressionCodec.Zstd, 21);
    const recomputed = Buffer.from(bytes);
    recomputed.writeUInt32BE(crc32c(recomputed.subarray(21)), 17);
    expect(errorCodeOf(() => decodeRecordBatch(recomputed))).toBe(ErrorCode.UnsupportedCompressionType);
  });

  it('rejects legacy message formats', () => {
    const bytes = encodeRecordBatch({ baseTimestamp: 0n, records: sampleRecords });
    bytes.writeInt8(1, 16);
    expect(errorCodeOf(() => decodeRecordBatch(bytes))).toBe(ErrorCode.UnsupportedForMessageFormat);
  });

  it('splits a record set into its batches and rejects a truncated one', () => {
    const first = encodeRecordBatch({ baseTimestamp: 0n, records: sampleRecords });
    const second = encodeRecordBatch({ baseTimestamp: 0n, records: sampleRecords.slice(0, 1) });
    const recordSet = Buffer.concat([first, second]);
    expect(splitRecordSet(recordSet)).toEqual([first, second]);
    expect(errorCodeOf(() => splitRecordSet(recordSet.subarray(0, recordSet.length - 1)))).toBe(
      ErrorCode.CorruptMessage,
    );
  });
});

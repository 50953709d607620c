/**
 * Record batch v2 (magic 2) codec, the on-wire and on-disk message format since Kafka 0.11.
 * https://kafka.apache.org/documentation/#recordbatch
 *
 *   baseOffset: int64
 *   batchLength: int32            (bytes that follow this field)
 *   partitionLeaderEpoch: int32
 *   magic: int8                   (2)
 *   crc: uint32                   (CRC-32C of everything from `attributes` to the end)
 *   attributes: int16             (bits 0-2 compression, 3 timestamp type, 4 transactional, 5 control)
 *   lastOffsetDelta: int32
 *   baseTimestamp: int64
 *   maxTimestamp: int64
 *   producerId: int64
 *   producerEpoch: int16
 *   baseSequence: int32
 *   recordCount: int32
 *   records: [Record]             (compressed as a whole when a codec is set)
 *
 *   Record: length varint, attributes int8, timestampDelta varlong, offsetDelta varint,
 *           key varint-bytes, value varint-bytes, headers varint-count [key varint-string, value varint-bytes]
 */
import { COMPRESSION_CODEC_MASK, CompressionCodec, compressRecords, decompressRecords } from './compression';
import { crc32c } from './crc32c';
import { ErrorCode, ProtocolDecodeError, RecordBatchError } from './errors';
import { ProtocolReader } from './reader';
import { ProtocolWriter } from './writer';

export const RECORD_BATCH_MAGIC = 2;
/** baseOffset + batchLength: the part of a batch not counted by batchLength. */
export const LOG_OVERHEAD = 12;
const MAGIC_POSITION = 16;
const CRC_POSITION = 17;
/** CRC-32C covers the batch from the attributes field onwards. */
const CRC_COVERED_FROM = 21;
const RECORDS_POSITION = 61;

export const NO_PRODUCER_ID = -1n;
export const NO_PRODUCER_EPOCH = -1;
export const NO_SEQUENCE = -1;

export interface RecordHeader {
  readonly key: string;
  readonly value: Buffer | null;
}

export interface KafkaRecord {
  readonly offsetDelta: number;
  readonly timestampDelta: bigint;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers: readonly RecordHeader[];
}

export interface RecordBatch {
  readonly baseOffset: bigint;
  readonly partitionLeaderEpoch: number;
  readonly attributes: number;
  readonly lastOffsetDelta: number;
  readonly baseTimestamp: bigint;
  readonly maxTimestamp: bigint;
  readonly producerId: bigint;
  readonly producerEpoch: number;
  readonly baseSequence: number;
  readonly records: readonly KafkaRecord[];
}

export interface EncodeRecordBatchInput {
  readonly baseOffset?: bigint;
  readonly compression?: CompressionCodec;
  readonly baseTimestamp: bigint;
  readonly producerId?: bigint;
  readonly producerEpoch?: number;
  readonly baseSequence?: number;
  readonly records: ReadonlyArray<Omit<KafkaRecord, 'offsetDelta'>>;
}

/**
 * Splits a RECORDS field (one or more concatenated batches) into the raw bytes of each batch.
 * A trailing partial batch is an error: producers never send one.
 */
export function splitRecordSet(recordSet: Buffer): Buffer[] {
  const batches: Buffer[] = [];
  let position = 0;
  while (position < recordSet.length) {
    if (recordSet.length - position < LOG_OVERHEAD) {
      throw new RecordBatchError(ErrorCode.CorruptMessage, 'truncated record batch header');
    }
    const batchLength = recordSet.readInt32BE(position + 8);
    const end = position + LOG_OVERHEAD + batchLength;
    if (batchLength < RECORDS_POSITION - LOG_OVERHEAD || end > recordSet.length) {
      throw new RecordBatchError(ErrorCode.CorruptMessage, `invalid record batch length ${batchLength}`);
    }
    batches.push(recordSet.subarray(position, end));
    position = end;
  }
  return batches;
}

/**
 * Decodes and validates one record batch (magic, CRC-32C, compression, record count).
 * Throws {@link RecordBatchError} carrying the error code a broker reports for the batch.
 */
export function decodeRecordBatch(bytes: Buffer): RecordBatch {
  if (bytes.length < RECORDS_POSITION) {
    throw new RecordBatchError(ErrorCode.CorruptMessage, 'record batch shorter than its header');
  }
  const magic = bytes.readInt8(MAGIC_POSITION);
  if (magic !== RECORD_BATCH_MAGIC) {
    throw new RecordBatchError(
      ErrorCode.UnsupportedForMessageFormat,
      `message format magic ${magic} is not supported, only record batch v2`,
    );
  }
  const expectedCrc = bytes.readUInt32BE(CRC_POSITION);
  const actualCrc = crc32c(bytes.subarray(CRC_COVERED_FROM));
  if (expectedCrc !== actualCrc) {
    throw new RecordBatchError(
      ErrorCode.CorruptMessage,
      `record batch CRC mismatch: header ${expectedCrc}, computed ${actualCrc}`,
    );
  }

  const reader = new ProtocolReader(bytes);
  const baseOffset = reader.int64();
  const batchLength = reader.int32();
  if (batchLength + LOG_OVERHEAD !== bytes.length) {
    throw new RecordBatchError(ErrorCode.CorruptMessage, `batchLength ${batchLength} disagrees with size`);
  }
  const partitionLeaderEpoch = reader.int32();
  reader.int8(); // magic
  reader.uint32(); // crc
  const attributes = reader.int16();
  const header = {
    baseOffset,
    partitionLeaderEpoch,
    attributes,
    lastOffsetDelta: reader.int32(),
    baseTimestamp: reader.int64(),
    maxTimestamp: reader.int64(),
    producerId: reader.int64(),
    producerEpoch: reader.int16(),
    baseSequence: reader.int32(),
  };
  const recordCount = reader.int32();
  if (recordCount <= 0 || recordCount !== header.lastOffsetDelta + 1) {
    throw new RecordBatchError(
      ErrorCode.CorruptMessage,
      `record count ${recordCount} does not match lastOffsetDelta ${header.lastOffsetDelta}`,
    );
  }

  const recordsBytes = decompressRecords(attributes & COMPRESSION_CODEC_MASK, reader.rest());
  return { ...header, records: decodeRecords(recordsBytes, recordCount) };
}

function decodeRecords(bytes: Buffer, count: number): KafkaRecord[] {
  const reader = new ProtocolReader(bytes);
  const records: KafkaRecord[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const length = reader.varint();
      records.push(decodeRecord(new ProtocolReader(reader.raw(length))));
    }
  } catch (error) {
    if (error instanceof ProtocolDecodeError) {
      throw new RecordBatchError(ErrorCode.CorruptMessage, `malformed record: ${error.message}`);
    }
    throw error;
  }
  return records;
}

function decodeRecord(reader: ProtocolReader): KafkaRecord {
  reader.int8(); // record attributes, unused by the protocol
  const timestampDelta = reader.varlong();
  const offsetDelta = reader.varint();
  const key = reader.varintBytes();
  const value = reader.varintBytes();
  const headerCount = reader.varint();
  const headers: RecordHeader[] = [];
  for (let i = 0; i < headerCount; i++) {
    const headerKey = reader.varintString();
    if (headerKey === null) throw new ProtocolDecodeError('null record header key');
    headers.push({ key: headerKey, value: reader.varintBytes() });
  }
  return { offsetDelta, timestampDelta, key, value, headers };
}

/** Encodes a record batch v2 with offset deltas 0..n-1 and a valid CRC-32C. */
export function encodeRecordBatch(input: EncodeRecordBatchInput): Buffer {
  const compression = input.compression ?? CompressionCodec.None;
  const records = new ProtocolWriter();
  let maxTimestampDelta = 0n;
  input.records.forEach((record, offsetDelta) => {
    const body = encodeRecordBody({ ...record, offsetDelta });
    records.varint(body.length).raw(body);
    if (record.timestampDelta > maxTimestampDelta) maxTimestampDelta = record.timestampDelta;
  });

  const afterCrc = new ProtocolWriter()
    .int16(compression)
    .int32(input.records.length - 1)
    .int64(input.baseTimestamp)
    .int64(input.baseTimestamp + maxTimestampDelta)
    .int64(input.producerId ?? NO_PRODUCER_ID)
    .int16(input.producerEpoch ?? NO_PRODUCER_EPOCH)
    .int32(input.baseSequence ?? NO_SEQUENCE)
    .int32(input.records.length)
    .raw(compressRecords(compression, records.toBuffer()))
    .toBuffer();

  // batchLength counts everything after itself: leader epoch, magic, crc and the CRC-covered part.
  const batchLength = CRC_COVERED_FROM - LOG_OVERHEAD + afterCrc.length;
  return new ProtocolWriter()
    .int64(input.baseOffset ?? 0n)
    .int32(batchLength)
    .int32(0) // partitionLeaderEpoch
    .int8(RECORD_BATCH_MAGIC)
    .uint32(crc32c(afterCrc))
    .raw(afterCrc)
    .toBuffer();
}

function encodeRecordBody(record: KafkaRecord): Buffer {
  const writer = new ProtocolWriter()
    .int8(0)
    .varlong(record.timestampDelta)
    .varint(record.offsetDelta)
    .varintBytes(record.key)
    .varintBytes(record.value)
    .varint(record.headers.length);
  for (const header of record.headers) writer.varintString(header.key).varintBytes(header.value);
  return writer.toBuffer();
}

/** A copy of a raw batch with its baseOffset rewritten (the CRC does not cover it). */
export function withBaseOffset(batchBytes: Buffer, baseOffset: bigint): Buffer {
  const copy = Buffer.from(batchBytes);
  copy.writeBigInt64BE(baseOffset, 0);
  return copy;
}

/** CRC-32C (Castagnoli), the checksum of record batches v2. Reflected polynomial 0x82F63B78. */

const CASTAGNOLI_REFLECTED = 0x82f63b78;

const TABLE = buildTable();

function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ CASTAGNOLI_REFLECTED : crc >>> 1;
    }
    table[n] = crc >>> 0;
  }
  return table;
}

export function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    // The index is always within 0..255, so the table lookup is always defined.
    crc = TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

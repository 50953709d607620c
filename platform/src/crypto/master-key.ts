import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

export const MASTER_KEY_BYTES = 32;

/** Reads a base64 master key: exactly 32 bytes (AES-256). */
export const parseMasterKey = (base64: string): Buffer => {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== MASTER_KEY_BYTES) {
    throw new Error(`The master key must be ${MASTER_KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
  }
  return key;
};

/**
 * The master key that wraps every user's data key: ENCRYPTION_MASTER_KEY, else (outside production; the
 * configuration refuses production without it) `master.key` in DATA_DIR, generated on first start. Losing
 * it makes every personal field of the log unreadable, exactly as if every user had been erased.
 */
export async function loadMasterKey(config: Pick<Config, 'ENCRYPTION_MASTER_KEY' | 'dataDir'>): Promise<Buffer> {
  if (config.ENCRYPTION_MASTER_KEY) return parseMasterKey(config.ENCRYPTION_MASTER_KEY);
  const file = path.join(config.dataDir, 'master.key');
  try {
    return parseMasterKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const generated = randomBytes(MASTER_KEY_BYTES).toString('base64');
  try {
    // 'wx': a second process starting at the same moment keeps the first one's key.
    await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseMasterKey(await readFile(file, 'utf8'));
}

import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One chDB directory per test process (chDB allows one live path per process); databases isolate tests. */
let chdbDir: string | null = null;
export function sharedChdbPath(): string {
  if (!chdbDir) {
    chdbDir = mkdtempSync(path.join(tmpdir(), 'stride-chdb-test-'));
    const dir = chdbDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return chdbDir;
}

export const uniqueName = (prefix: string): string =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

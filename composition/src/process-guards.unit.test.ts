import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir, splitRoleProblems } from './process-guards';

describe('splitRoleProblems', () => {
  it('asks for CLICKHOUSE_URL and DATABASE_URL, and says why', () => {
    const problems = splitRoleProblems({ CLICKHOUSE_URL: undefined, DATABASE_URL: undefined }, 'npm run start:api');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^CLICKHOUSE_URL: .*belongs to one process/);
    expect(problems[1]).toMatch(/^DATABASE_URL: /);
  });
  it('accepts servers', () => {
    expect(splitRoleProblems({ CLICKHOUSE_URL: 'http://ch:8123', DATABASE_URL: 'postgres://db/x' }, 'x')).toEqual([]);
  });
});

describe('lockDataDir', () => {
  it('refuses a data directory held by a live process, naming it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stride-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${holder.pid}`));
    } finally {
      holder.kill('SIGKILL');
    }
  });
  it('takes over a lock left by a process that is gone, and releases it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stride-lock-'));
    writeFileSync(path.join(dir, LOCK_FILE), '999999999\n');
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});

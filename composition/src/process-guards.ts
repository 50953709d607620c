import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@stride/platform/config';

/**
 * The split roles (`npm run start:api`, `npm run start:workers`) share their state through servers only:
 * an embedded chDB store or PGlite database belongs to the one process that opened it, so an API process and
 * a workers process on embedded stores would each see only their own (analytics served as zeros, 404s).
 * Returns what to set, or an empty list when the configuration can run split.
 */
export function splitRoleProblems(config: Pick<Config, 'CLICKHOUSE_URL' | 'DATABASE_URL'>, role: string): string[] {
  const problems: string[] = [];
  if (!config.CLICKHOUSE_URL) {
    problems.push(
      `CLICKHOUSE_URL: \`${role}\` runs beside other processes, which must read the same analytics store; ` +
        'the embedded chDB store belongs to one process. Set CLICKHOUSE_URL to a ClickHouse server ' +
        '(http://host:8123), or run everything in one process with `npm start`.',
    );
  }
  if (!config.DATABASE_URL) {
    problems.push(
      `DATABASE_URL: \`${role}\` runs beside other processes, which must share one PostgreSQL server; the ` +
        'embedded PGlite database belongs to one process. Set DATABASE_URL (postgres://...), or use `npm start`.',
    );
  }
  return problems;
}

/** For the split entry points: prints what to set and exits 1 when the configuration cannot run split. */
export function exitUnlessSplitReady(config: Config, role: 'api' | 'workers'): void {
  const problems = splitRoleProblems(config, role === 'api' ? 'npm run start:api' : 'npm run start:workers');
  if (problems.length === 0) return;
  console.error(
    `Cannot start the ${role} process:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
      'See README.md, "Scale-out" (`npm run start:stack` runs the whole split topology on one machine).',
  );
  process.exit(1);
}

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

export const LOCK_FILE = 'stride.lock';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes DATA_DIR for this process: creates `DATA_DIR/stride.lock` holding the pid, exclusively. A lock left
 * by a process that is gone is taken over; a live one is a {@link DataDirInUseError} that names the pid.
 * Returns the release function (also run on exit).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another Stride process (pid ${pid}, ${file}). One process owns a ` +
            'data directory: stop that one, or give this one its own DATA_DIR. To run several processes ' +
            'against shared servers, see README.md, "Scale-out".',
        );
      }
      rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new DataDirInUseError(`Could not take the lock ${file}`);
}

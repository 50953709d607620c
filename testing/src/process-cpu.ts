/**
 * The CPU a process and the PostgreSQL server have used, read from /proc: a figure the benchmarks print
 * beside their rates, because it moves far less than a rate on a shared machine (bench:api, bench:eventstore).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Pool } from '@stride/platform/postgres/pool';

/** utime + stime (+ cutime + cstime: children ended and reaped) of a process, in ms (clock ticks of 10 ms). */
const processStat = (pid: number, withEndedChildren = false): { ms: number; parent: number } => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = [11, 12, ...(withEndedChildren ? [13, 14] : [])].reduce((sum, index) => sum + Number(fields[index]), 0);
  return { ms: ticks * 10, parent: Number(fields[1]) };
};

/** A process's CPU so far (ms, all its threads), from /proc. */
export const processCpuMs = (pid: number): number => processStat(pid).ms;

/**
 * The PostgreSQL server's processes' CPU so far (ms): the postmaster's own with that of the children it has
 * reaped, and each live child's.
 */
export interface ServerCpuReading {
  readonly postmaster: number;
  readonly children: ReadonlyMap<number, number>;
}

/** Reads the CPU of the PostgreSQL server on this machine (from /proc; on a shared server, others' work too). */
export async function serverCpuReading(pool: Pool): Promise<ServerCpuReading> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = processStat(rows[0]!.pid).parent;
  const children = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const process = processStat(Number(entry));
      if (process.parent === postmaster) children.set(Number(entry), process.ms);
    } catch {
      // a process that ended while the list was read
    }
  }
  return { postmaster: processStat(postmaster, true).ms, children };
}

/**
 * The server's work between two readings (ms): every process it runs (backends of every database, WAL
 * writer, checkpointer), also those that started or ended in between. A child that ended is counted in
 * the postmaster's reaped children's time with all its life's CPU, so its CPU at the first reading is taken
 * off: only its work in between is counted (a backend of an earlier workload that ends now is not).
 */
export function serverCpuBetween(before: ServerCpuReading, after: ServerCpuReading): number {
  let ms = after.postmaster - before.postmaster;
  for (const [pid, cpu] of before.children) if (!after.children.has(pid)) ms -= cpu;
  for (const [pid, cpu] of after.children) ms += cpu - (before.children.get(pid) ?? 0);
  return ms;
}

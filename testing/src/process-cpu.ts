/**
 * The CPU a process and the PostgreSQL server have used, read from /proc: a figure the benchmarks print
 * beside their rates, because it moves far less than a rate on a shared machine (bench:api, bench:eventstore).
 * User and system time are kept apart, with the times a process gave up the CPU to wait (voluntary context
 * switches: a wait for a socket, a lock, a flush), which tell work from wake-ups.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Pool } from '@stride/platform/postgres/pool';

/** CPU in ms (clock ticks of 10 ms), user and system apart. */
interface Cpu {
  readonly userMs: number;
  readonly systemMs: number;
}

/** utime and stime (+ cutime and cstime: children ended and reaped) of a process. */
const processStat = (pid: number, withEndedChildren = false): Cpu & { parent: number } => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = (...indexes: number[]) => indexes.reduce((sum, index) => sum + Number(fields[index]), 0) * 10;
  return {
    userMs: withEndedChildren ? ticks(11, 13) : ticks(11),
    systemMs: withEndedChildren ? ticks(12, 14) : ticks(12),
    parent: Number(fields[1]),
  };
};

/** How many times a process's main thread (/proc/<pid>/status) gave up the CPU to wait so far. */
export const voluntarySwitches = (pid: number | 'self'): number =>
  Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** A process's CPU so far (ms, all its threads), from /proc. */
export const processCpuMs = (pid: number): number => {
  const { userMs, systemMs } = processStat(pid);
  return userMs + systemMs;
};

/**
 * The PostgreSQL server's processes' CPU so far: the postmaster's own with that of the children it has
 * reaped, and each live child's, with its voluntary context switches.
 */
export interface ServerCpuReading {
  readonly postmaster: Cpu;
  readonly children: ReadonlyMap<number, Cpu & { readonly switches: number }>;
}

/** Reads the CPU of the PostgreSQL server on this machine (from /proc; on a shared server, others' work too). */
export async function serverCpuReading(pool: Pool): Promise<ServerCpuReading> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = processStat(rows[0]!.pid).parent;
  return consistentReading(
    () => processStat(postmaster, true),
    () => {
      const children = new Map<number, Cpu & { switches: number }>();
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const process = processStat(Number(entry));
          if (process.parent === postmaster)
            children.set(Number(entry), { ...process, switches: voluntarySwitches(Number(entry)) });
        } catch {
          // a process that ended while the list was read
        }
      }
      return children;
    },
  );
}

/**
 * A reading whose children and postmaster agree: the postmaster is read before and after the children, and
 * the reading is taken again while the two differ. A child that ends while the list is read is counted either
 * among the children or in the postmaster's reaped time, never in both or neither (before, a backend that
 * ended just after it was listed was taken off the next difference without being in it: a negative CPU).
 */
export function consistentReading(
  readPostmaster: () => Cpu,
  readChildren: () => ServerCpuReading['children'],
  attempts = 10,
): ServerCpuReading {
  let postmaster = readPostmaster();
  for (let attempt = 1; ; attempt += 1) {
    const children = readChildren();
    const after = readPostmaster();
    const agree = after.userMs === postmaster.userMs && after.systemMs === postmaster.systemMs;
    if (agree || attempt >= attempts) return { postmaster: after, children };
    postmaster = after;
  }
}

/** The server's work between two readings. */
export interface ServerCpuUsed {
  /** User and system CPU, ms. */
  readonly ms: number;
  readonly userMs: number;
  readonly systemMs: number;
  /**
   * Voluntary context switches of the processes alive at the second reading (one started in between counts
   * them all; one that ended in between is not counted: its count ends with it).
   */
  readonly switches: number;
}

/**
 * The server's work between two readings: every process it runs (backends of every database, WAL writer,
 * checkpointer), also those that started or ended in between. A child that ended is counted in the
 * postmaster's reaped children's time with all its life's CPU, so its CPU at the first reading is taken
 * off: only its work in between is counted (a backend of an earlier workload that ends now is not).
 */
export function serverCpuBetween(before: ServerCpuReading, after: ServerCpuReading): ServerCpuUsed {
  const used = (part: keyof Cpu): number => {
    let ms = after.postmaster[part] - before.postmaster[part];
    for (const [pid, cpu] of before.children) if (!after.children.has(pid)) ms -= cpu[part];
    for (const [pid, cpu] of after.children) ms += cpu[part] - (before.children.get(pid)?.[part] ?? 0);
    return ms;
  };
  let switches = 0;
  for (const [pid, child] of after.children) switches += child.switches - (before.children.get(pid)?.switches ?? 0);
  const [userMs, systemMs] = [used('userMs'), used('systemMs')];
  return { ms: userMs + systemMs, userMs, systemMs, switches };
}

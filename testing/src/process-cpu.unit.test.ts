import { describe, expect, it } from 'vitest';
import { consistentReading, serverCpuBetween, type ServerCpuReading } from './process-cpu';

const cpu = (ms: number) => ({ userMs: ms, systemMs: 0 });
const child = (ms: number) => ({ ...cpu(ms), switches: 0 });

describe('reading the PostgreSQL server CPU', () => {
  it('given a backend that ends while the children are listed, when read, then it is counted once, not taken off later', () => {
    // The backend (pid 7, 50 ms) is listed, then ends and is reaped: the postmaster's reaped time grows by 50.
    const postmasterReads = [cpu(100), cpu(150), cpu(150)];
    const childrenReads = [new Map([[7, child(50)]]), new Map()];
    const before = consistentReading(
      () => postmasterReads.shift()!,
      () => childrenReads.shift()!,
    );
    const after: ServerCpuReading = { postmaster: cpu(150), children: new Map() };

    expect(before.children.size).toBe(0);
    expect(serverCpuBetween(before, after).ms).toBe(0);
  });

  it('given a quiet server, when read, then the first listing is kept', () => {
    let reads = 0;
    const reading = consistentReading(
      () => cpu(100),
      () => {
        reads += 1;
        return new Map([[7, child(50)]]);
      },
    );

    expect(reads).toBe(1);
    expect(reading.children.get(7)?.userMs).toBe(50);
  });

  it('given backends that keep ending, when read, then it stops after the attempts it was given', () => {
    let postmaster = 0;
    let reads = 0;
    consistentReading(
      () => cpu((postmaster += 10)),
      () => {
        reads += 1;
        return new Map();
      },
      3,
    );

    expect(reads).toBe(3);
  });

  it('given a backend that ended between two readings, when differenced, then only its work in between counts', () => {
    const before: ServerCpuReading = { postmaster: cpu(100), children: new Map([[7, child(50)]]) };
    const after: ServerCpuReading = { postmaster: cpu(170), children: new Map() };

    expect(serverCpuBetween(before, after).ms).toBe(20);
  });
});

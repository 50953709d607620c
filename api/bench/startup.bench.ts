/**
 * `npm run bench:startup`: how long the product's process (`npm start`, the embedded default) takes from its
 * spawn until /api/health answers 200, run from the server bundle as `npm start` runs it (dist/main.mjs,
 * built first by scripts/build-server.mjs) beside the same sources compiled as they load (tsx, as `npm start`
 * ran them before), in alternating order. Each way starts on a fresh data directory (migrations, the master
 * key, the first projections) and then again on that directory (a restart). Also each process's resident
 * memory once healthy. Per figure the median of the rounds; the last line is one JSON object.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServerBundles } from '@stride/testing/server-bundles';
import { startProduct } from '@stride/testing/product-process';
import { median } from './median';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ways = ['bundle', 'sources'] as const;
type Way = (typeof ways)[number];

const residentMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((each) => each.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1024;
};

/** One start: ms from spawn to healthy, and the resident memory then. */
async function timedStart(way: Way, dataDir: string): Promise<{ ms: number; rssMiB: number }> {
  const started = performance.now();
  const product = await startProduct({ from: way, dataDir, pollMs: 20 });
  const ms = performance.now() - started;
  const rssMiB = residentMiB(product.pid);
  const code = await product.stop();
  if (code !== 0) throw new Error(`the ${way} process exited with ${code}:\n${product.output().slice(-2_000)}`);
  return { ms, rssMiB };
}

const buildStarted = performance.now();
await buildServerBundles();
const buildMs = performance.now() - buildStarted;

const samples: Record<Way, { fresh: number[]; restart: number[]; rssMiB: number[] }> = {
  bundle: { fresh: [], restart: [], rssMiB: [] },
  sources: { fresh: [], restart: [], rssMiB: [] },
};
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const way of round % 2 === 1 ? ways : [...ways].reverse()) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `stride-startup-${way}-`));
    try {
      const fresh = await timedStart(way, dataDir);
      const restart = await timedStart(way, dataDir);
      samples[way].fresh.push(fresh.ms);
      samples[way].restart.push(restart.ms);
      samples[way].rssMiB.push(restart.rssMiB);
      process.stdout.write(
        `round ${round}/${ROUNDS} ${way.padEnd(7)} fresh ${Math.round(fresh.ms)} ms, restart ${Math.round(restart.ms)} ms, ${restart.rssMiB.toFixed(0)} MiB\n`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

const figures = Object.fromEntries(
  ways.map((way) => [
    way,
    {
      freshMs: Math.round(median(samples[way].fresh)),
      restartMs: Math.round(median(samples[way].restart)),
      rssMiB: Math.round(median(samples[way].rssMiB)),
    },
  ]),
) as Record<Way, { freshMs: number; restartMs: number; rssMiB: number }>;
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const ratios = {
  fresh: ratio(figures.bundle.freshMs, figures.sources.freshMs),
  restart: ratio(figures.bundle.restartMs, figures.sources.restartMs),
  memory: ratio(figures.bundle.rssMiB, figures.sources.rssMiB),
};

console.log(
  `\nStart-up of the embedded default on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), medians of ${ROUNDS} rounds`,
);
console.log(`building the bundles took ${Math.round(buildMs)} ms (npm start builds them first)`);
for (const way of ways) {
  const { freshMs, restartMs, rssMiB } = figures[way];
  console.log(
    `${way === 'bundle' ? 'dist/main.mjs  ' : 'tsx, sources   '} fresh ${freshMs} ms, restart ${restartMs} ms, ${rssMiB} MiB resident`,
  );
}
console.log(`bundle / sources: fresh ${ratios.fresh}x, restart ${ratios.restart}x, memory ${ratios.memory}x`);
console.log(
  JSON.stringify({
    benchmark: 'startup',
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model.trim(), node: process.version },
    rounds: ROUNDS,
    buildMs: Math.round(buildMs),
    ...figures,
    ratios,
  }),
);

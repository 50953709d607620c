// `node scripts/run-benchmark.mjs <benchmark.ts> [args]`: bundles the benchmark as the server's processes are
// bundled (scripts/build-server.mjs) and runs the bundle, so that the code it measures in its own process is
// the code a deployment runs. The processes a benchmark forks (load generators, peers) run as it forks them.
import { spawn } from 'node:child_process';
import { bundleBenchmark } from './build-server.mjs';

const [source, ...args] = process.argv.slice(2);
if (!source?.endsWith('.ts')) {
  console.error('Usage: node scripts/run-benchmark.mjs <benchmark.ts> [args]');
  process.exit(2);
}
const bundled = await bundleBenchmark(source);
const child = spawn(process.execPath, ['--enable-source-maps', bundled, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

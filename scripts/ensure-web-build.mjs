// Before `npm start`: builds the web app when web/dist is missing or older than its sources, so a fresh
// clone needs nothing but `npm ci && npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..', 'web');
const built = path.join(web, 'dist', 'index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), 0);
}

const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../domain/src/contracts'].map((p) =>
  path.join(web, p),
);
const sourceTime = Math.max(...sources.map(newestMtime));
if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) process.exit(0);

console.log('Building the web app (first start or changed sources)...');
const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { stdio: 'inherit' });
if (result.status !== 0) {
  console.error('The web app failed to build: see the errors above, or run `npm run build -w web`.');
  process.exit(result.status ?? 1);
}

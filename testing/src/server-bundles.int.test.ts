import { readFile, stat, utimes } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bundleBenchmark,
  buildServer,
  isServerBuildCurrent,
  renamedClasses,
  serverDistDir,
  serverEntryPoints,
  unresolvedImports,
} from '../../scripts/build-server.mjs';

// The global set-up built the bundles (as `npm start` and the container build do); startProduct, the stack
// and the browser journeys run them.
describe('the server bundles in dist/', () => {
  const bundles = Object.keys(serverEntryPoints) as (keyof typeof serverEntryPoints)[];

  it.each(bundles)('%s: no class renamed, and every module reads files beside its own sources', async (name) => {
    const code = await readFile(path.join(serverDistDir, `${name}.mjs`), 'utf8');
    expect(renamedClasses(code)).toEqual([]);
    // Each import.meta.url of a module became its source file's URL, relative to the bundle.
    const rewritten = [...code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) => match[1]);
    for (const source of rewritten) expect(source).toMatch(/^\.\.\/[a-z]+\/src\/[\w/-]+\.ts$/);
    expect(code.match(/import\.meta\.url/g)?.length ?? 0).toBe(rewritten.length);
  });

  it('imports only packages that are installed', () => {
    expect(unresolvedImports()).toEqual([]);
  });

  it('is current until a file it was built from changes, and again once built (npm start --if-stale)', async () => {
    expect(isServerBuildCurrent()).toBe(true);
    // A module only the bundles' imports reach (not an entry point), changed after the build.
    const source = new URL('../../domain/src/stream-ids.ts', import.meta.url);
    const { atime } = await stat(source);
    await utimes(source, atime, new Date());
    expect(isServerBuildCurrent()).toBe(false);
    await buildServer();
    expect(isServerBuildCurrent()).toBe(true);
  });
});

// `npm run bench:api` and `bench:eventstore` run their benchmark bundled (scripts/run-benchmark.mjs), so that
// what they measure in their own process is the code the server's bundles hold.
describe('a benchmark bundled as the server is (bundleBenchmark)', () => {
  it('keeps class names, and each module still reads the files beside its own sources', async () => {
    const bundled = await bundleBenchmark('platform/bench/eventstore.bench.ts');
    const code = await readFile(bundled, 'utf8');
    expect(renamedClasses(code)).toEqual([]);
    const rewritten = [...code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) => match[1]!);
    // The benchmark reads 0030's migration beside its source, the migrations module its folder: both resolve.
    expect(rewritten).toContain('../../platform/bench/eventstore.bench.ts');
    for (const source of rewritten) expect(existsSync(new URL(source, pathToFileURL(bundled)))).toBe(true);
    expect(code.match(/import\.meta\.url/g)?.length ?? 0).toBe(rewritten.length);
  });
});

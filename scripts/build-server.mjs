// The server's processes as plain JavaScript: each entry point and the workspaces it imports in one ES
// module under dist/ (esbuild), with a source map; the packages of node_modules stay imports. `npm start`,
// `start:api`, `start:workers`, the container and the tests run these, so nothing is compiled while a
// process starts and no function is wrapped to keep its name (tsx must keep names for every function it
// compiles). `node scripts/build-server.mjs` builds them (`--if-stale`: only when a file they were built from
// changed since); importing this module builds nothing.
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where the bundles go, and their entry points (the processes a deployment runs). */
export const serverDistDir = path.join(repoRoot, 'dist');
/** The packages the bundles import (written with them). */
const importsFile = path.join(serverDistDir, 'imported-packages.json');
/** The files the bundles were built from, written last: its time is the build's (`isServerBuildCurrent`). */
const inputsFile = path.join(serverDistDir, 'built-from.json');
export const serverEntryPoints = {
  /** `npm start`: the whole product in one process (embedded default, or whatever the variables name). */
  main: 'api/src/main.ts',
  /** `npm run start:api`: an API process of the scale-out. */
  api: 'api/src/server.ts',
  /** `npm run start:workers`: the workers' process of the scale-out. */
  workers: 'composition/src/start-workers.ts',
};

/** node's arguments that run a bundle: source maps on, so that stack traces name the TypeScript sources. */
export const bundleNodeArgs = (name) => ['--enable-source-maps', path.join(serverDistDir, `${name}.mjs`)];

/**
 * A module's own URL where it reads files beside its sources (migrations, the built web app): in a bundle
 * `import.meta.url` is the bundle's, so each use becomes the module's source file's URL, written relative
 * to the bundle's folder `outdir` (the tree can move).
 */
const ownUrlPlugin = (outdir) => ({
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/** The workspaces (@stride/*) are bundled from their TypeScript; every other package stays an import. */
const packagesStayImports = {
  name: 'packages-stay-imports',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@stride/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Classes the bundle renamed: two modules declaring one top-level name get `Name` and `Name2`, and then
 * `constructor.name` (the `type` of a logged error, say) would be wrong. Names are not kept by wrapping
 * (esbuild's keepNames costs every function it creates), so a clash fails the build instead.
 */
export function renamedClasses(code) {
  const declared = new Set([...code.matchAll(/\bclass ([A-Za-z_$][\w$]*)\b/g)].map((match) => match[1]));
  return [...declared].filter((name) => {
    const base = /^(.*\D)\d+$/.exec(name)?.[1];
    return base !== undefined && declared.has(base);
  });
}

/**
 * Bundles entry points (name: source) into `outdir` as the server's are built: the workspaces from their
 * TypeScript, packages as imports, no names kept; throws when esbuild fails or a class was renamed. Returns
 * the files to write (not written yet) and the packages the bundles import, and the sources they came from.
 */
async function bundle(entryPoints, outdir) {
  const { outputFiles, metafile } = await build({
    absWorkingDir: repoRoot,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [packagesStayImports, ownUrlPlugin(outdir)],
    write: false,
    metafile: true,
  });
  const renamed = new Set(
    outputFiles.filter((file) => file.path.endsWith('.mjs')).flatMap((file) => renamedClasses(file.text)),
  );
  if (renamed.size > 0) {
    throw new Error(
      `Classes of one name in two modules were renamed in the bundle: ${[...renamed].join(', ')}. Rename one of each pair.`,
    );
  }
  const packages = [
    ...new Set(
      Object.values(metafile.outputs).flatMap((output) =>
        output.imports.filter((each) => each.external && !each.path.startsWith('node:')).map((each) => each.path),
      ),
    ),
  ].sort();
  const files = outputFiles.map((file) => ({ path: file.path, contents: file.contents }));
  return { files, packages, inputs: Object.keys(metafile.inputs) };
}

/** Writes a file beside its place and renames it into it: a reader sees the old file or the new, never half. */
const replace = async (file) => {
  const partial = `${file.path}.${process.pid}.partial`;
  await writeFile(partial, file.contents);
  await rename(partial, file.path);
};

/**
 * Builds every entry point into dist/ (about a second); throws when esbuild fails or a class was renamed.
 * Each file is written beside its place and renamed into it, so a process starting meanwhile reads either
 * the old bundle or the new one, never half of one.
 */
export async function buildServer() {
  const { files, packages, inputs } = await bundle(serverEntryPoints, serverDistDir);
  // The packages the bundles import, for `--check-imports` where node_modules was pruned (the container).
  files.push({ path: importsFile, contents: `${JSON.stringify(packages, null, 2)}\n` });
  await mkdir(serverDistDir, { recursive: true });
  await Promise.all(files.map(replace));
  const builtFrom = [...inputs, path.relative(repoRoot, fileURLToPath(import.meta.url))];
  await replace({ path: inputsFile, contents: `${JSON.stringify(builtFrom.sort(), null, 2)}\n` });
}

/** Where benchmarks are bundled (`bundleBenchmark`): beside the server's bundles, apart from them. */
export const benchmarkDistDir = path.join(serverDistDir, 'bench');

/**
 * Bundles one benchmark (its `.ts` path from the repository's root) as the server's processes are built,
 * so that it measures the code a deployment runs, not the sources compiled as they load (tsx keeps every
 * function's name by wrapping it, which costs each closure a request creates); returns the bundle's path.
 */
export async function bundleBenchmark(source) {
  const name = path.basename(source).replace(/\.ts$/, '');
  const { files } = await bundle({ [name]: source }, benchmarkDistDir);
  await mkdir(benchmarkDistDir, { recursive: true });
  await Promise.all(files.map(replace));
  return path.join(benchmarkDistDir, `${name}.mjs`);
}

/**
 * Whether dist/ holds bundles built after every file they were built from last changed (and after this
 * script did): then `--if-stale` (npm start, start:api, start:workers) builds nothing. A file added since is
 * imported by one that changed, so it is seen too.
 */
export function isServerBuildCurrent() {
  try {
    const builtAt = statSync(inputsFile).mtimeMs;
    for (const name of Object.keys(serverEntryPoints)) statSync(path.join(serverDistDir, `${name}.mjs`));
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
    return inputs.every((input) => statSync(path.join(repoRoot, input)).mtimeMs <= builtAt);
  } catch {
    return false; // never built, or a file it was built from is gone
  }
}

/**
 * Whether every package the bundles import resolves from here (scripts/ sits beside dist/ under the same
 * node_modules): after `npm prune --omit=dev`, the container build checks that nothing its processes import
 * was pruned. Resolving loads nothing.
 */
export function unresolvedImports() {
  const packages = JSON.parse(readFileSync(importsFile, 'utf8'));
  return packages.filter((specifier) => {
    try {
      import.meta.resolve(specifier);
      return false;
    } catch {
      return true;
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv.includes('--check-imports')) {
    const missing = unresolvedImports();
    if (missing.length > 0) {
      console.error(`The server's bundles import packages that are not installed: ${missing.join(', ')}`);
      process.exit(1);
    }
    console.log('Every package the server imports is installed');
    process.exit(0);
  }
  if (process.argv.includes('--if-stale') && isServerBuildCurrent()) process.exit(0);
  const started = performance.now();
  try {
    await buildServer();
    console.log(`Built the server into dist/ in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

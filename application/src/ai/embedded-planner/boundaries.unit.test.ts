import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The engine imports only the domain, zod and date-fns (README.md): never platform, projections or the apps. */
const ALLOWED = [/^\.{1,2}\//, /^@stride\/domain\//, /^zod$/, /^date-fns$/];

const here = dirname(fileURLToPath(import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );

describe('embedded planner boundaries', () => {
  it.each(sources(here).map((file) => [file.slice(here.length + 1), file]))(
    '%s imports only what it may',
    (_, file) => {
      const imports = [...readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)].map((match) => match[1] ?? '');
      expect(imports.filter((path) => !ALLOWED.some((pattern) => pattern.test(path)))).toEqual([]);
    },
  );
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });

describe('wording: an unfinished action ends in an ellipsis', () => {
  it('given every web source file, then no text the user reads ends in three full stops ("Opening…", not "Opening...")', () => {
    // A word, three full stops, then the end of a string literal or of a JSX text: what a user reads. Spreads
    // (`...rest`) and ranges are followed by a name, so they do not match.
    const threeStops = /[A-Za-z]\.\.\.(?=['"`<]|\s*$)/m;
    const offenders = sourceFiles(sourceRoot)
      .filter((file) => threeStops.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceRoot, file));
    expect(offenders).toEqual([]);
  });
});

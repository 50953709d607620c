import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

/** The rule ids `npm run lint` reports for `code` as if it were the file at `file` (relative to the root). */
async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the lint step holds the layers (eslint.config.js)', { timeout: 60_000 }, () => {
  // Loading the config, typescript-eslint and the resolver takes seconds (far more on a busy machine): once.
  beforeAll(async () => {
    eslint = new ESLint({ cwd: root });
    await eslint.lintText('export {};', { filePath: path.join(root, 'domain/src/warm-up.ts') });
  }, 120_000);

  it.each([
    ['workers/src/ingest/x.ts', "export { buildApp } from '@stride/api/app';", 'workers importing the API'],
    [
      'api/src/routes/x.ts',
      "export { startHealthServer } from '@stride/workers/health-server';",
      'api importing workers',
    ],
    ['application/src/x.ts', "export { buildApp } from '@stride/api/app';", 'application importing the API'],
    ['composition/src/x.ts', "export { buildApp } from '@stride/api/app';", 'the composition root importing the API'],
    ['domain/src/goals/x.ts', "export { idSchema } from '../contracts/common';", 'the domain importing contracts'],
    [
      'domain/src/goals/x.ts',
      "export { createPool } from '@stride/platform/postgres/pool';",
      'the domain importing platform',
    ],
    [
      'projections/src/x.ts',
      "export { CommandHandler } from '@stride/application/commands/command-handler';",
      'projections importing application',
    ],
    [
      'platform/src/x.ts',
      "export { goalDecider } from '@stride/domain/goals/goal-decider';",
      'platform importing the domain',
    ],
  ])('fails %s: %s (%s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['api/src/routes/x.ts', "export { CommandHandler } from '@stride/application/commands/command-handler';"],
    ['api/src/x.ts', "export { composeServices } from '@stride/composition/compose-services';"],
    ['domain/src/contracts/x.ts', "export { goalPrioritySchema } from '../goals/goal-events';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).not.toContain('import-x/no-restricted-paths');
  });

  it('fails an import cycle', async () => {
    // The fixtures are ignored by `npm run lint` (they hold a cycle on purpose); lint them explicitly.
    const results = await new ESLint({ cwd: root, ignore: false }).lintFiles([
      path.join(root, 'testing/lint-fixtures/cycle/first.ts'),
    ]);
    expect(results.flatMap((result) => result.messages.map((message) => message.ruleId))).toContain(
      'import-x/no-cycle',
    );
  });
});

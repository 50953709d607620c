import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers (docs/architecture.md). Each workspace may import only the ones listed: the linter holds
 * these boundaries (import-x/no-restricted-paths on resolved files, so relative paths cannot slip past)
 * and import-x/no-cycle forbids any import cycle. testing/src/lint-boundaries.unit.test.ts shows both fail.
 */
const workspaces = [
  'domain',
  'platform',
  'projections',
  'application',
  'api',
  'workers',
  'composition',
  'web',
  'testing',
];
const mayImport = {
  domain: [],
  platform: [],
  projections: ['domain', 'platform'],
  application: ['domain', 'platform', 'projections'],
  // The API's entry points compose the process (npm start, start:api); it never imports workers itself.
  api: ['domain', 'platform', 'projections', 'application', 'composition'],
  workers: ['domain', 'platform', 'application'],
  // The composition root: builds every process's services; it wires the workers' consumers, and nothing
  // but the API's entry points, tests and benchmarks import it. No package depends on the API.
  composition: ['domain', 'platform', 'projections', 'application', 'workers'],
  web: ['domain'],
  testing: ['domain', 'platform'],
};
const sources = (workspace) => [`./${workspace}/src`, `./${workspace}/bench`];
/** Tests, test support and benchmarks boot the process through the composition root, as production does. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/bench/**', '**/e2e/**'];

const boundaryZones = [
  ...Object.entries(mayImport).map(([workspace, allowed]) => ({
    target: `./${workspace}/src/**/!(*.test).{ts,tsx}`,
    from: workspaces.filter((other) => other !== workspace && !allowed.includes(other)).flatMap(sources),
    message: `${workspace} may import only ${allowed.join(', ') || 'no other workspace'} (docs/architecture.md).`,
  })),
  {
    // Persisted event schemas and rules never depend on the HTTP contracts; the contracts import the domain.
    target: './domain/src/!(contracts)/**',
    from: './domain/src/contracts',
    message: 'The domain imports nothing from contracts/: move the fact down into the domain.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'artifacts/**',
      'coverage/**',
      'testing/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // The domain is pure: no I/O, no Node built-ins.
    files: ['domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'The domain does no I/O.' }] }],
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The web app runs in the browser.' }] },
      ],
    },
  },
);

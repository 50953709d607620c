import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const otherWorkspaces = [
  '@stride/platform',
  '@stride/projections',
  '@stride/api',
  '@stride/workers',
  '@stride/web',
  '@stride/testing',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain is pure: no I/O, no other workspace, no Node built-ins.
    files: ['domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: otherWorkspaces.map((w) => `${w}/*`), message: 'The domain imports nothing from the apps.' },
            { group: ['node:*'], message: 'The domain does no I/O.' },
          ],
        },
      ],
    },
  },
  {
    // Apps do not reach into each other; shared code lives in domain or platform.
    files: ['projections/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@stride/api/*', '@stride/workers/*', '@stride/web/*'] }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@stride/platform/*', '@stride/api/*', '@stride/workers/*', '@stride/projections/*', 'node:*'] },
          ],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The server's module boundaries (docs/architecture.md): a module is used through its index.ts,
  // never through another module's repository, service or routes file, and no module sees the whole
  // application context (it is given what it declares, lib/module.ts).
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[a-z0-9]+/(?!index\\.js$)[^/]+$',
              message: 'Import another server module through its index.js (its public face), never its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z0-9]+/(?!index\\.js$)[^/]+$',
              message: 'Import another server module through its index.js (its public face), never its internals.',
            },
            {
              regex: '^(\\.\\./)+(context|app)\\.js$',
              message: 'A module is given the dependencies it declares (lib/module.ts), never the whole application context.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);

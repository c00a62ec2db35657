import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench/results'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app talks to the server only over HTTP; shared code lives in src/shared.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '#server/*'],
              message: 'The web app must not import server code.',
            },
            {
              group: ['../*'],
              message: 'Import another folder of the web app as #web/<path>.',
            },
          ],
        },
      ],
    },
  },
  {
    // Across the server's folders, by alias; the helpers the browser tests load without the
    // build's conditions stay relative (docs/ARCHITECTURE.md, "Imports").
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/test/outbox.ts',
      'src/server/test/google-issuer.ts',
      'src/server/test/outside-programs.ts',
      'src/server/pages/head-markup.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*'], message: 'Import another server folder as #server/<path>.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '#server/*'],
              message: 'Shared code depends on nothing else.',
            },
            {
              // The browser tests import shared files as they are, without the build's
              // conditions: within src/shared, imports stay relative.
              group: ['#shared/*'],
              message: 'Import shared files relatively from shared code.',
            },
          ],
        },
      ],
    },
  },
  {
    // One naming style: folders in kebab-case, named after the route or feature they hold
    // (pages/my-articles/ holds MyArticlesPage.tsx for /myarticles); React components in
    // PascalCase files (the entry files and routes.tsx at the app's root are not components);
    // everything else in camelCase or kebab-case files.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      'check-file/filename-naming-convention': [
        'error',
        { 'src/web/*/**/*.tsx': 'PASCAL_CASE', '**/*.ts': '+([a-z0-9])*([A-Za-z0-9-])' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
);

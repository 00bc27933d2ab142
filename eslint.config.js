import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** `http/` composes the app: a capability imports what it needs from below, never from `http/`. */
const NOT_FROM_HTTP = {
  regex: '^(\\.\\.?/)+(.+/)?http(/.*)?$',
  message: 'http/ only composes the app: take the helper from auth/ or the capability below.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Small steps: a longer function is a sequence of named steps waiting to be named. Tests are
    // tables of cases and are not held to it.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/**/test-*.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    files: ['server/src/*/**/*.ts'],
    ignores: ['server/src/http/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_FROM_HTTP] }] },
  },
  {
    // Route modules receive the services they use as arguments: never the database, never the
    // whole service graph (the composition root, services.ts, wires them in http/app.ts).
    files: ['server/src/**/routes.ts', 'server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(db|services)(/.*)?$|^kysely$',
              message: 'Route modules get their services as arguments, never the database.',
            },
            NOT_FROM_HTTP,
          ],
        },
      ],
    },
  },
  // The page's layers point one way: app → pages → features → components/lib → api. The API
  // client is wired by app/ (tokens, 401, operation log), so api/ needs none of the layers above.
  {
    files: ['web/src/api/**', 'web/src/components/**', 'web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/features',
                '**/features/**',
                '**/pages',
                '**/pages/**',
                '**/app',
                '**/app/**',
              ],
              message: 'api/, components/ and lib/ sit below features/, pages/ and app/.',
            },
          ],
        },
      ],
    },
  },
);

// ESLint (flat config) for the TypeScript of every package: `npm run lint`. Formatting is Prettier's job
// (`npm run format:check`) and import boundaries are dependency-cruiser's (`npm run check:boundaries`,
// .dependency-cruiser.cjs), so neither is repeated here. The rule set aims at bugs, not style: ESLint's and
// typescript-eslint's recommended sets, the type-aware rules that catch misused promises and values that
// print as "[object Object]", and the rules of hooks where React runs.
const { defineConfig, globalIgnores } = require('eslint/config');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');

module.exports = defineConfig(
  // Only the packages' sources and tests: build output (dist/, .test-dist/ and the like) and fixtures are not ours.
  globalIgnores(['**/node_modules/', '**/dist/', '**/.*/', 'api/test/fixtures/']),
  {
    files: ['{shared,api,web,cli}/{src,test}/**/*.{ts,tsx}', 'api/eval/**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // node:test's describe/it/test return promises that the runner itself awaits.
      // react-router's navigate() returns a promise only for data routers, which the web app does not use.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'suite', 'it', 'test'] },
            { from: 'package', package: 'react-router', name: 'NavigateFunction' },
          ],
        },
      ],
      // URLSearchParams prints as its query string; in Node code its type comes from @types/node, not the DOM lib.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            { from: 'package', package: 'url', name: ['URLSearchParams', 'URL'] },
          ],
        },
      ],
      // React ignores what an event handler returns; an async onClick/onSubmit is how the forms are written.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // JSON from HTTP, the database and files is `any` until a DTO or a guard types it; these five rules
      // flag every read of such a value (hundreds in tests) without telling a bug from a checked read.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // `any` is kept where a value is typed downstream (TypeORM's query() answers Promise<any>, JSON bodies in
      // tests), and the unsafe-* rules that would make it matter are off.
      '@typescript-eslint/no-explicit-any': 'off',
      // The view models and option objects declare functions with method syntax but build them as closures
      // that never read `this`, so handing them on detached (useSyncExternalStore(vm.subscribe, ...)) is safe.
      '@typescript-eslint/unbound-method': 'off',
      // String(cell) of a JSON or database value narrowed from unknown is deliberate (cells, error messages).
      '@typescript-eslint/no-base-to-string': 'off',
      // Control characters in patterns are on purpose: terminal escapes and XML-invalid characters are stripped.
      'no-control-regex': 'off',
      // A rejection passes on an AbortSignal's reason (any) as Node and the DOM do.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // Style, not bugs: async functions that implement a promise-returning interface without awaiting, and
      // assertions TypeScript could infer.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Unused names are errors unless they start with an underscore (a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'cli/src/**/*.{ts,tsx}', 'shared/src/react/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // pdfjs's legacy build replaces JSON.stringify/parse with slow polyfills: the API loads it only
    // through the module that puts the natives back (api/src/platform/ai/evidence/pdfjs.ts).
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/platform/ai/evidence/pdfjs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['pdfjs-dist', 'pdfjs-dist/*'],
              message: 'Import pdfjs from platform/ai/evidence/pdfjs.ts (it restores native JSON).',
            },
          ],
        },
      ],
    },
  },
);

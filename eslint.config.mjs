// Lint gate (CI): typescript-eslint's type-aware recommended rules on all TypeScript. Tests and benches
// read JSON bodies from app.inject() and child processes, which are `any` by design: the no-unsafe-*
// family is off for them only; the server and engine code keep every rule.
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/.generated/**', 'examples/**', '**/*.mjs', '**/*.js', '**/*.d.ts'] },
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  {
    rules: {
      // `_`-prefixed names are deliberate (unused callback parameters, destructuring to drop a field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Fastify plugins and route handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // Rethrowing a caught `unknown` (a parser's own error, a stream's error) keeps it as it came.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true, allowThrowingAny: true }],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Kysely's documented migration pattern: a migration must not depend on today's schema types.
    files: ['src/store/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);

// Lint for bugs (floating promises, unused code, the rules of hooks and their deps) and for comments that stand
// alone; the layout of the code is Prettier's.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import projectRules from './eslint-rules/no-issue-references.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'bench/results/**', 'api/db/migrations/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks, loot: projectRules },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Comments and test titles say their reason themselves (eslint-rules/no-issue-references.js).
      'loot/no-issue-references': 'error',
    },
  },
  {
    // Plain JavaScript (the scripts, this file): only the comment rule, with the default parser.
    files: ['**/*.{js,mjs}'],
    plugins: { loot: projectRules },
    rules: { 'loot/no-issue-references': 'error' },
  },
  {
    // The data layer is async: a promise used as a condition or a sync callback, or an await on a
    // value that is not one, is a missing or stray await.
    files: ['api/**/*.ts', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
);

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'data/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'tmp/', '.scratch*/', 'build-*/'] },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The browser's code builds schemas with zod set up for its CSP (jitless, issue 30): through common/zod.ts.
    files: ['app/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}'],
    ignores: ['common/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import z from common/zod.ts (zod set up once: jitless in the browser, so the site's CSP reports nothing).", allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '.ci/**', 'server/**/*-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);

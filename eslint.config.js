import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', 'apps/web/build-*/**', '**/.react-router/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // The layers (docs/architecture.md): a crossing fails `npm run lint`.
  { plugins: { layers }, rules: { 'layers/boundaries': 'error', 'layers/ownership': 'error' } },
);

import tseslint from 'typescript-eslint';

// The type checker (`tsc`) finds what is wrong with types; eslint keeps what it cannot see: unused
// names, stray expressions, `any`. Prettier (.prettierrc.json) owns the layout.
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test/artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // a name that starts with _ is left unused on purpose (a destructured field dropped from a copy)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  // tests edit a pack's raw JSON in place, whatever its shape
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);

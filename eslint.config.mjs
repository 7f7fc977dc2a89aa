// Lint set-up. Its main job (STYLE.md): keep the language service pure — no `vscode`, no Node
// built-ins — so it can run in a web worker as well as in the server, the CLI and the tests.
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tools/**', '.e2e/**', 'out/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/src/service/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'The language service must not depend on VS Code.' }, ...nodeBuiltins.map((name) => ({ name, message: 'The language service must not use Node built-ins (it must run in a web worker).' }))],
        patterns: [{ group: ['vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageclient*'], message: 'The language service takes and returns LSP types only (vscode-languageserver-types).' }],
      }],
    },
  },
);

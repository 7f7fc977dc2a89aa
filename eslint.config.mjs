// Lint set-up. Its two architectural jobs (ARCHITECTURE.md):
// - keep the language service pure — no `vscode`, no Node built-ins — so it can run in a web
//   worker as well as in the server, the CLI and the tests;
// - keep its layers in order: a folder of `server/src/service/` imports only from the folders
//   below it, and hosts, client and scripts reach the service only through its entry point.
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/**
 * The service's layers, lowest first. Folders on one floor are siblings and may not import each
 * other either: checks and engine both stand on the model; features and convert both stand on
 * the engine; html (META tags and class values) stands on all of them; index.ts re-exports.
 */
const FLOORS = [['facts'], ['syntax'], ['acap'], ['model'], ['checks', 'engine'], ['features', 'convert'], ['html']];

const purity = [
  { name: 'vscode', message: 'The language service must not depend on VS Code.' },
  ...nodeBuiltins.map((name) => ({ name, message: 'The language service must not use Node built-ins (it must run in a web worker).' })),
];
const lspOnly = { group: ['vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageclient*'], message: 'The language service takes and returns LSP types only (vscode-languageserver-types).' };

/**
 * Floors inside a folder, lowest first, by path relative to the folder: a file imports only
 * from its own floor or below. In checks/: `rule.ts` (what a rule is, the fix kit) ← `rules/`
 * (the topic modules) ← `checkLine.ts` and `registry.ts` (the line stage, the table by code) ←
 * `validation.ts` (the pipeline). `lighthouse.ts` stands beside them and imports none.
 */
const INNER_FLOORS = {
  checks: [['rule.ts'], ['rules/'], ['checkLine.ts', 'registry.ts', 'lighthouse.ts'], ['validation.ts']],
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The import paths that reach `target` (a file or a folder/ of `folder`) from a file at `depth` folders below `folder`. */
function innerTarget(target, depth) {
  const up = depth === 0 ? '\\./' : `(\\.\\./){${depth}}`;
  const name = target.endsWith('/') ? `${escape(target)}` : `${escape(target.replace(/\.ts$/, ''))}(\\.ts)?$`;
  return `^${up}${name}`;
}

/** The floor patterns of one folder, plus the inner floors of its files (`inner` is one entry of INNER_FLOORS, or none). */
function layerRule(floor, folder, inner) {
  const banned = FLOORS.flatMap((names, i) => (i > floor ? names : i === floor ? names.filter((n) => n !== folder) : []));
  const patterns = (extra) => [
    lspOnly,
    ...banned.map((name) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message: `${folder}/ sits below or beside ${name}/ (ARCHITECTURE.md, "Layers"): move the shared piece down instead of importing across.` })),
    { regex: '^(\\.\\./)*\\.\\.(/index)?$', message: 'Nothing inside the service imports its entry point.' },
    ...extra,
  ];
  const rule = (files, extra) => ({ files, rules: { 'no-restricted-imports': ['error', { paths: purity, patterns: patterns(extra) }] } });
  const configs = [rule([`server/src/service/${folder}/**/*.ts`], [])];
  for (const [level, entries] of (inner ?? []).entries()) {
    const above = inner.slice(level + 1).flat();
    for (const entry of entries) {
      const depth = entry.endsWith('/') ? 1 : 0;
      const files = entry.endsWith('/') ? [`server/src/service/${folder}/${entry}**/*.ts`] : [`server/src/service/${folder}/${entry}`];
      configs.push(rule(files, above.map((target) => ({
        regex: innerTarget(target, depth),
        message: `In ${folder}/, ${entry} sits below ${target} (ARCHITECTURE.md, "Layers"): inside a folder too, imports point down only.`,
      }))));
    }
  }
  return configs;
}

/** Hosts, client and scripts: the service only through `server/src/service` (its index.ts). */
const throughIndex = {
  regex: '/service/.+',
  message: 'Outside the language service, import it through its entry point (server/src/service), not its internals.',
};

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
    files: ['server/src/service/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: purity, patterns: [lspOnly] }] },
  },
  ...FLOORS.flatMap((names, floor) => names.flatMap((folder) => layerRule(floor, folder, INNER_FLOORS[folder]))),
  {
    files: ['server/src/lsp/**/*.ts', 'server/src/cli/**/*.ts', 'server/src/host/**/*.ts', 'server/src/*.ts', 'client/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [throughIndex] }] },
  },
);

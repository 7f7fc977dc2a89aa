// Bundles the client, the server and the CLI into dist/ (STYLE.md: one root package, esbuild
// bundles both sides). `--production` minifies and drops source maps.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

const production = process.argv.includes('--production');
const e2e = process.argv.includes('--e2e');
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const common = {
  bundle: true,
  platform: 'node',
  // VS Code 1.82, the oldest this extension supports, runs extensions on Node 18.
  target: 'node18',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  define: { __SERVER_VERSION__: JSON.stringify(pkg.version) },
};

await Promise.all([
  esbuild.build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  esbuild.build({ ...common, entryPoints: ['server/src/lsp/server.ts'], outfile: 'dist/server.js' }),
  esbuild.build({ ...common, entryPoints: ['server/src/cli/bin.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } }),
  // VS Code for the Web: the client in the browser extension host, the server in a web worker
  // (the language service is pure, so it bundles for the browser as it is).
  esbuild.build({ ...common, platform: 'browser', target: 'es2020', entryPoints: ['client/src/browserExtension.ts'], outfile: 'dist/browser/extension.js', external: ['vscode'] }),
  esbuild.build({ ...common, platform: 'browser', target: 'es2020', format: 'iife', entryPoints: ['server/src/lsp/browserServer.ts'], outfile: 'dist/browser/server.js' }),
  ...(production ? [] : [esbuild.build({ ...common, entryPoints: ['test/bench/bench.ts'], outfile: 'dist/bench.js', sourcemap: false,
    // The floor server is written out at run time and requires the library from node_modules.
    external: ['vscode-languageserver/node'] })]),
  // The end-to-end suite runs inside the extension host, which loads it as plain CommonJS files.
  ...(e2e ? [esbuild.build({ entryPoints: ['test/e2e/suite/*.ts'], outdir: 'out/e2e/suite', bundle: false, platform: 'node', format: 'cjs', target: 'node18', logLevel: 'warning' })] : []),
]);

/**
 * ThirdPartyNotices.txt: the licence of every npm package bundled into the extension (client and
 * server, desktop and web builds), read from the bundler's own list of inputs. Shipped in the
 * VSIX. `npx tsx scripts/thirdPartyNotices.ts --write`; test/unit/vsix.test.ts checks it is current.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(__dirname, '..');

const BUNDLES: readonly esbuild.BuildOptions[] = [
  { entryPoints: ['client/src/extension.ts'], platform: 'node', external: ['vscode'] },
  { entryPoints: ['server/src/lsp/server.ts'], platform: 'node' },
  { entryPoints: ['client/src/browserExtension.ts'], platform: 'browser', external: ['vscode'] },
  { entryPoints: ['server/src/lsp/browserServer.ts'], platform: 'browser' },
];

/** The npm packages the extension's bundles contain, by name (sorted). */
export async function bundledPackages(): Promise<string[]> {
  const names = new Set<string>();
  for (const b of BUNDLES) {
    const r = await esbuild.build({ ...b, absWorkingDir: ROOT, bundle: true, write: false, metafile: true, logLevel: 'silent', define: { __SERVER_VERSION__: '"0"' } });
    for (const input of Object.keys(r.metafile.inputs)) {
      const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (m) names.add(m[1]);
    }
  }
  return [...names].sort();
}

function licenceOf(name: string): { version: string; license: string; text: string } {
  const dir = path.join(ROOT, 'node_modules', name);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; license?: string };
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  const text = file && existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), 'utf8').trim() : `License: ${pkg.license ?? 'see the package'}`;
  return { version: pkg.version, license: pkg.license ?? '', text };
}

export async function thirdPartyNotices(): Promise<string> {
  const out = [
    'robots.txt + ACAP bundles the following third-party software. Their licences follow.',
    '',
  ];
  for (const name of await bundledPackages()) {
    const l = licenceOf(name);
    out.push('='.repeat(78), `${name} ${l.version} (${l.license})`, '='.repeat(78), '', l.text, '');
  }
  return out.join('\n');
}

if (require.main === module) {
  void thirdPartyNotices().then((text) => {
    const file = path.join(ROOT, 'ThirdPartyNotices.txt');
    if (process.argv.includes('--write')) writeFileSync(file, text);
    else process.stdout.write(existsSync(file) && readFileSync(file, 'utf8') === text ? 'ThirdPartyNotices.txt is current\n' : 'ThirdPartyNotices.txt is out of date: run with --write\n');
  });
}

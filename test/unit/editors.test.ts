/**
 * What the README and package.json promise editors: the Neovim and Helix configurations name the
 * server as it is built, start Node with the flags the VS Code client gives it (launch.ts), and
 * name the languages it serves (the Neovim block itself runs in the e2e suite,
 * test/e2e/nvim.ts; Helix is not installed here, so its block is checked for shape only), and
 * the extension declares its behaviour in untrusted and virtual workspaces (issue 12 point 3).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { SERVER_NODE_ARGS } from '../../server/src/launch';
import { languageOf } from '../../server/src/lsp/documentStore';
import { readmeNeovimConfig } from '../e2e/nvim';

const ROOT = path.resolve(__dirname, '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

function block(marker: string, lang: string): string {
  const m = new RegExp(`<!-- ${marker} -->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(README);
  assert.ok(m, `README.md has a ${lang} block after <!-- ${marker} -->`);
  return m[1];
}

/** The `[[language]]` and `[language-server.*]` tables of a TOML block, as key → raw value. */
function tomlTables(text: string): { header: string; keys: Map<string, string> }[] {
  const out: { header: string; keys: Map<string, string> }[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(t);
    if (header) {
      out.push({ header: header[1], keys: new Map() });
      continue;
    }
    const kv = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(t);
    assert.ok(kv && out.length, `a TOML key = value line: ${t}`);
    out[out.length - 1].keys.set(kv[1], kv[2]);
  }
  return out;
}

suite('editor configurations in the README', () => {
  test('Neovim: the block the e2e runs starts dist/server.js --stdio for file types robots and html only', () => {
    const lua = readmeNeovimConfig(ROOT);
    // Node's flags as the VS Code client gives them (launch.ts), then the server on stdio.
    const flags = SERVER_NODE_ARGS.map((f) => `'${f}', `).join('');
    assert.ok(lua.includes(`{ 'node', ${flags}'${ROOT}/dist/server.js', '--stdio' }`), 'node, its flags and the server path, substituted');
    assert.match(lua, /pattern = \{ 'robots', 'html' \}/);
    assert.match(lua, /vim\.lsp\.start_client\(config\)/, 'works in Neovim 0.7, which has no vim.lsp.start');
    assert.match(lua, /vim\.lsp\.buf_attach_client\(args\.buf/, 'attaches the buffer');
    // What Neovim sends as the language id is the file type: the server takes both.
    assert.equal(languageOf('file:///s/robots.txt', 'robots'), 'robots');
    assert.equal(languageOf('file:///s/p.html', 'html'), 'html');
  });

  test('Helix: a robots-txt language the server accepts, for robots.txt and *.robots.txt, with the server on stdio; HTML keeps its own server', () => {
    const tables = tomlTables(block('helix-config', 'toml'));
    const server = tables.find((t) => t.header === 'language-server.robots-acap');
    assert.equal(server?.keys.get('command'), '"node"');
    assert.equal(server?.keys.get('args'), JSON.stringify([...SERVER_NODE_ARGS, '/path/to/robots-acap/dist/server.js', '--stdio']).replaceAll(',', ', '));
    const robots = tables.find((t) => t.header === 'language' && t.keys.get('name') === '"robots-txt"');
    assert.ok(robots);
    const id = JSON.parse(robots.keys.get('language-id') ?? 'null') as string;
    assert.equal(languageOf('file:///s/robots.txt', id), 'robots');
    assert.equal(robots.keys.get('file-types'), '[{ glob = "robots.txt" }, { glob = "*.robots.txt" }]');
    assert.equal(robots.keys.get('language-servers'), '["robots-acap"]');
    for (const required of ['scope', 'roots']) assert.ok(robots.keys.has(required), `Helix requires ${required}`);
    const html = tables.find((t) => t.header === 'language' && t.keys.get('name') === '"html"');
    assert.equal(html?.keys.get('language-servers'), '["vscode-html-language-server", "robots-acap"]');
  });

  test('other languages get nothing: Markdown, PHP, XHTML, plain text not named robots.txt', () => {
    for (const [uri, id] of [['file:///s/README.md', 'markdown'], ['file:///s/i.php', 'php'], ['file:///s/a.xhtml', 'xhtml'], ['file:///s/notes.txt', 'plaintext'], ['file:///s/robots.txt', 'markdown']]) {
      assert.equal(languageOf(uri, id), undefined, `${uri} as ${id}`);
    }
    assert.equal(languageOf('file:///s/robots.txt', 'plaintext'), 'robots');
    assert.equal(languageOf('file:///s/x.robots.txt', ''), 'robots');
  });
});

suite('package.json: untrusted and virtual workspaces', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    capabilities?: { untrustedWorkspaces?: { supported: unknown; restrictedConfigurations?: string[] }; virtualWorkspaces?: { supported: unknown; description?: string } };
    contributes: { configuration: { properties: Record<string, unknown> } };
  };
  test('declared, limited, with the setting that could point outside the workspace restricted', () => {
    assert.equal(pkg.capabilities?.untrustedWorkspaces?.supported, 'limited');
    assert.deepEqual(pkg.capabilities?.untrustedWorkspaces?.restrictedConfigurations, ['robotsAcap.siteRoot']);
    for (const s of pkg.capabilities.untrustedWorkspaces.restrictedConfigurations ?? []) assert.ok(s in pkg.contributes.configuration.properties, s);
    assert.equal(pkg.capabilities?.virtualWorkspaces?.supported, 'limited');
    assert.match(pkg.capabilities?.virtualWorkspaces?.description ?? '', /ACAP-permissions-reference/);
  });
  test('the README says the same', () => {
    assert.match(README, /\*\*Untrusted workspaces\*\*/);
    assert.match(README, /\*\*Virtual workspaces\*\*/);
  });
});

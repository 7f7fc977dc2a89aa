/**
 * Issue 15, "what users expect": the permissions view's data and lenses, documentation links on
 * diagnostics, a thin client, and the generated files (docs, notices) kept current.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { doValidation, getPermissionLenses, parseDocument, permissionsView } from '../../server/src/service';
import { linkDocs } from '../../server/src/lsp/docsLinks';
import { pathAtCursor } from '../../server/src/lsp/viewRequests';
import { diagnosticsDoc } from '../../scripts/diagnosticsDoc';
import { bundledPackages, thirdPartyNotices } from '../../scripts/thirdPartyNotices';
import { renderView } from '../../client/src/viewHtml';
import { statusText } from '../../client/src/statusText';

const ROOT = path.resolve(__dirname, '../..');
const URI = 'file:///site/robots.txt';

const FILE = [
  'User-agent: *',
  'Disallow: /search',
  '',
  'ACAP-crawler: *',
  'ACAP-allow-crawl: /search',
  'ACAP-disallow-index: /search',
  'ACAP-usage-purpose: news-aggregation',
  'ACAP-disallow-present-snippet: /search',
  '',
].join('\n');

suite('permissions view', () => {
  const view = permissionsView(parseDocument(URI, 1, FILE), '/search', { crawlers: ['GPTBot'] });

  test('both readings per cell: ACAP crawlers may crawl /search, conventional ones may not', () => {
    const crawl = view.usages.indexOf('crawl');
    const star = view.sections[0].rows.find((r) => r.crawlers.includes('*'));
    assert.ok(star);
    assert.deepEqual([star.cells[crawl].acap.allowed, star.cells[crawl].acap.line], [true, 5]);
    assert.deepEqual([star.cells[crawl].conventional.allowed, star.cells[crawl].conventional.line], [false, 2]);
    const index = view.usages.indexOf('index');
    assert.deepEqual([star.cells[index].acap.allowed, star.cells[index].acap.line], [false, 6]);
  });

  test('one section per usage purpose the file names, with its own answers', () => {
    assert.deepEqual(view.sections.map((s) => s.purpose), [undefined, 'news-aggregation']);
    const snippet = view.usages.indexOf('present-snippet');
    const general = view.sections[0].rows.find((r) => r.crawlers.includes('*'));
    const purpose = view.sections[1].rows.find((r) => r.crawlers.includes('*'));
    assert.equal(general?.cells[snippet].acap.allowed, true);
    assert.deepEqual([purpose?.cells[snippet].acap.allowed, purpose?.cells[snippet].acap.line], [false, 8]);
  });

  test('the rendered page shows both readings where they differ, lines as links, and escapes text', () => {
    const html = renderView({ ...view, path: '/<x>' }, 'N0NCE', 'vscode-resource:');
    assert.match(html, /ACAP<\/abbr> <span class="yes">✓<\/span> <a href="#" data-line="5"/);
    assert.match(html, /conv\.<\/abbr> <span class="no">✗<\/span> <a href="#" data-line="2"/);
    assert.match(html, /For the purpose <code>news-aggregation<\/code>/);
    assert.ok(html.includes('/&#60;x&#62;') && !html.includes('/<x>'));
    assert.match(html, /script-src 'nonce-N0NCE'/);
  });

  test('a lens above each group and record opens the view for a path it speaks about', () => {
    const lenses = getPermissionLenses(parseDocument(URI, 1, FILE), 'robotsAcap.showPermissions');
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.arguments?.[1]]), [[0, '/search'], [3, '/search']]);
    assert.equal(lenses[0].command?.command, 'robotsAcap.showPermissions');
  });

  test('Check a URL and the view are pre-filled with a path the pattern under the cursor matches', () => {
    const doc = parseDocument(URI, 1, 'User-agent: *\nDisallow: /*.pdf$\nACAP-crawler: *\nACAP-allow-index: /news/\n');
    assert.equal(pathAtCursor(doc, 1, 12), '/x.pdf');
    assert.equal(pathAtCursor(doc, 3, 20), '/news/');
    assert.equal(pathAtCursor(doc, 0, 12), undefined, 'not on a pattern');
  });

  test('the language status says how the file is read', () => {
    assert.equal(statusText({ profile: 'google', reading: 'acap', acapVersion: '1.0', groups: 1, records: 2 }).text, 'robots.txt: ACAP 1.0 · google');
    assert.equal(statusText({ profile: 'rfc9309', reading: 'conventional', acapVersion: undefined, groups: 1, records: 0 }).text, 'robots.txt: conventional · rfc9309');
  });
});

suite('documentation links on diagnostics', () => {
  test('each diagnostic links to the anchor of its code in docs/diagnostics.md', () => {
    const d = linkDocs(doValidation(parseDocument(URI, 1, 'Disallow /x\n')), 'file:///ext/docs/diagnostics.md');
    assert.ok(d.length > 0);
    for (const x of d) assert.equal(x.codeDescription?.href, `file:///ext/docs/diagnostics.md#${String(x.code)}`);
    const doc = readFileSync(path.join(ROOT, 'docs/diagnostics.md'), 'utf8');
    for (const x of d) assert.ok(doc.includes(`<a id="${String(x.code)}"></a>`), String(x.code));
  });
  test('docs/diagnostics.md is current (npx tsx scripts/diagnosticsDoc.ts --write)', () => {
    assert.equal(readFileSync(path.join(ROOT, 'docs/diagnostics.md'), 'utf8'), diagnosticsDoc());
  });
});

suite('a thin client', () => {
  test('client/src imports only vscode, the language client and the protocol, never the service', () => {
    for (const f of readdirSync(path.join(ROOT, 'client/src'))) {
      const text = readFileSync(path.join(ROOT, 'client/src', f), 'utf8');
      for (const m of text.matchAll(/from '([^']+)'/g)) {
        assert.ok(/^(vscode|vscode-languageclient(\/node|\/browser)?|\.\/[a-zA-Z]+|\.\.\/\.\.\/server\/src\/protocol)$/.test(m[1]), `${f} imports ${m[1]}`);
      }
    }
    // The protocol itself takes only types from the service (erased from the client's bundle).
    const protocol = readFileSync(path.join(ROOT, 'server/src/protocol.ts'), 'utf8');
    for (const m of protocol.matchAll(/^(import|export)[^;]*from '\.\/service';/gm)) assert.match(m[0], /^(import|export) type /, m[0]);
  });
  test('every contributed command is registered by the client', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
    const client = readdirSync(path.join(ROOT, 'client/src')).map((f) => readFileSync(path.join(ROOT, 'client/src', f), 'utf8')).join('\n');
    for (const c of pkg.contributes.commands) assert.ok(client.includes(`'${c.command}'`), c.command);
  });
});

suite('walkthrough and icons', () => {
  test('every walkthrough step\'s media exists and its command links name contributed commands', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      icon: string; browser: string;
      contributes: { commands: { command: string }[]; languages: { icon?: { light: string; dark: string } }[]; walkthroughs: { steps: { description: string; media: { image?: string; markdown?: string } }[] }[] };
    };
    const commands = new Set(pkg.contributes.commands.map((c) => c.command));
    const steps = pkg.contributes.walkthroughs.flatMap((w) => w.steps);
    assert.ok(steps.length >= 4);
    for (const st of steps) {
      const media = st.media.image ?? st.media.markdown;
      assert.ok(media && readFileSync(path.join(ROOT, media)).length > 0, media);
      for (const m of st.description.matchAll(/\(command:([\w.]+)/g)) assert.ok(m[1].startsWith('workbench.') || commands.has(m[1]), m[1]);
    }
    assert.ok(readFileSync(path.join(ROOT, pkg.icon)).subarray(1, 4).toString() === 'PNG', 'the extension icon is a PNG');
    assert.ok(readFileSync(path.join(ROOT, pkg.contributes.languages[0].icon?.light ?? '')).toString().startsWith('<svg'));
    assert.equal(pkg.browser, './dist/browser/extension.js');
  });
});

suite('third-party notices', () => {
  test('ThirdPartyNotices.txt names every bundled package and is current', async () => {
    const text = readFileSync(path.join(ROOT, 'ThirdPartyNotices.txt'), 'utf8');
    const names = await bundledPackages();
    assert.ok(names.includes('vscode-languageclient') && names.includes('htmlparser2'), names.join(', '));
    for (const n of names) assert.ok(text.includes(`\n${n} `), n);
    assert.equal(text, await thirdPartyNotices());
  });
});

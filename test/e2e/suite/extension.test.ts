/**
 * The real extension in a real VS Code extension host, through the VS Code API only. Every wait
 * is on an event (diagnostics changing, the extension activating), never on a sleep.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'robots-acap.robots-acap';

function siteFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the end-to-end workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** Resolves with the diagnostics of `uri` once they satisfy `accept` (checked now and on every change). */
function diagnosticsWhere(uri: vscode.Uri, accept: (d: readonly vscode.Diagnostic[]) => boolean, what: string, ms = 30000): Promise<readonly vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const d = vscode.languages.getDiagnostics(uri);
      if (!accept(d)) return false;
      sub.dispose();
      clearTimeout(timer);
      resolve(d);
      return true;
    };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out waiting for ${what}; diagnostics now: ${vscode.languages.getDiagnostics(uri).map((x) => x.code).join(', ')}`));
    }, ms);
    check();
  });
}

const codeOf = (d: vscode.Diagnostic): string => String(typeof d.code === 'object' ? d.code.value : d.code);

async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

suite('robots-acap in a real VS Code extension host', () => {
  let doc: vscode.TextDocument;

  suiteSetup(async () => {
    doc = await vscode.workspace.openTextDocument(siteFile('robots.txt'));
    await vscode.window.showTextDocument(doc);
  });

  test('a robots.txt gets the robots-txt language and activates the extension', async () => {
    assert.equal(doc.languageId, 'robots-txt');
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is installed`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  test('diagnostics appear, and follow an edit', async () => {
    const first = await diagnosticsWhere(doc.uri, (d) => d.some((x) => codeOf(x) === 'rep.invalid-product-token'), 'the first diagnostics');
    assert.ok(first.every((x) => codeOf(x) !== 'acap.unknown-usage'));
    const line = doc.lineCount - 1;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(line, 0), 'ACAP-allow-present-links: /news/\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const after = await diagnosticsWhere(doc.uri, (d) => d.some((x) => codeOf(x) === 'acap.unknown-usage'), 'a diagnostic for the edited line');
    const unknown = after.find((x) => codeOf(x) === 'acap.unknown-usage');
    assert.equal(unknown?.range.start.line, line);
    assert.match(unknown?.message ?? '', /Did you mean ‘present-link’\?/);
    // Undo it, and the diagnostic goes away.
    const undo = new vscode.WorkspaceEdit();
    undo.delete(doc.uri, new vscode.Range(line, 0, line + 1, 0));
    assert.ok(await vscode.workspace.applyEdit(undo));
    await diagnosticsWhere(doc.uri, (d) => !d.some((x) => codeOf(x) === 'acap.unknown-usage'), 'the diagnostic to go');
  });

  test('hover on a path shows who may use it, linked to the deciding lines', async () => {
    const line = doc.getText().split('\n').findIndex((l) => l.startsWith('Disallow: /archive/'));
    assert.ok(line >= 0);
    const text = await hoverText(doc.uri, new vscode.Position(line, 12));
    assert.match(text, /Who may use `\/archive\/`/);
    assert.match(text, /GPTBot, CCBot, Google-Extended \| ✗ \[\d+\]/);
  });

  test('hover on a crawler name shows its policy', async () => {
    const line = doc.getText().split('\n').findIndex((l) => l === 'ACAP-crawler: GPTBot');
    const text = await hoverText(doc.uri, new vscode.Position(line, 16));
    assert.match(text, /\*\*GPTBot\*\* at `\/`/);
  });

  test('Check a URL answers and selects the deciding line', async () => {
    const answer = await vscode.commands.executeCommand<{ allowed: boolean; decidedBy: { line: number }[] }>('robotsAcap.checkUrl', doc.uri, { agent: 'GPTBot', path: '/archive/2019/a.html', usage: 'index' });
    assert.equal(answer?.allowed, false);
    const decided = answer?.decidedBy[0]?.line;
    assert.ok(decided);
    assert.equal(vscode.window.activeTextEditor?.selection.start.line, decided - 1);
  });

  test('a quick fix is offered and applied', async () => {
    const line = doc.lineCount - 1;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(line, 0), 'ACAP-allow-present-links: /news/\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const diagnostics = await diagnosticsWhere(doc.uri, (d) => d.some((x) => codeOf(x) === 'acap.unknown-usage'), 'the misspelt usage to be reported');
    const target = diagnostics.find((x) => codeOf(x) === 'acap.unknown-usage');
    assert.ok(target);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, target.range, vscode.CodeActionKind.QuickFix.value);
    const action = actions.find((a) => a.title === 'Replace with ‘present-link’');
    assert.ok(action?.edit, `quick fixes offered: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(action.edit));
    assert.equal(doc.lineAt(line).text, 'ACAP-allow-present-link: /news/');
    await diagnosticsWhere(doc.uri, (d) => !d.some((x) => codeOf(x) === 'acap.unknown-usage'), 'the fixed line to be clean');
    const undo = new vscode.WorkspaceEdit();
    undo.delete(doc.uri, new vscode.Range(line, 0, line + 1, 0));
    assert.ok(await vscode.workspace.applyEdit(undo));
  });

  test('completion after ACAP-allow- offers usage types and local usages', async () => {
    const line = doc.lineCount - 1;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(line, 0), 'ACAP-allow-\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(line, 11));
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const l of ['index', 'present-snippet', '(search-basics)', '(cache)']) assert.ok(labels.includes(l), `offers ${l}: ${labels.slice(0, 30).join(', ')}`);
    const undo = new vscode.WorkspaceEdit();
    undo.delete(doc.uri, new vscode.Range(line, 0, line + 1, 0));
    assert.ok(await vscode.workspace.applyEdit(undo));
  });

  test('diagnostic codes link to their documentation (codeDescription)', async () => {
    const d = await diagnosticsWhere(doc.uri, (x) => x.some((y) => codeOf(y) === 'rep.invalid-product-token'), 'a product-token warning');
    const w = d.find((y) => codeOf(y) === 'rep.invalid-product-token');
    const target = typeof w?.code === 'object' ? w.code.target.toString() : '';
    assert.match(target, /docs\/diagnostics\.md#rep\.invalid-product-token$/);
  });

  test('the permissions view opens for a path, both readings per cell', async () => {
    const view = await vscode.commands.executeCommand<{ path: string; usages: string[]; sections: { rows: { crawlers: string[]; cells: { acap: { allowed: boolean }; conventional: { allowed: boolean } }[] }[] }[] }>(
      'robotsAcap.showPermissions', doc.uri.toString(), '/archive/2019/a.html');
    assert.ok(view, 'the view answered');
    assert.equal(view.path, '/archive/2019/a.html');
    assert.ok(view.usages.includes('index') && view.usages.includes('preserve'), view.usages.join(', '));
    const gpt = view.sections[0].rows.find((r) => r.crawlers.includes('GPTBot'));
    assert.ok(gpt, 'a row for GPTBot');
    assert.equal(gpt.cells[view.usages.indexOf('index')].acap.allowed, false);
  });

  test('Check a URL answers on an HTML page too', async () => {
    const page = await vscode.workspace.openTextDocument(siteFile('news/2026/story.html'));
    const answer = await vscode.commands.executeCommand<{ allowed: boolean; text: string }>('robotsAcap.checkUrl', page.uri, { agent: 'GPTBot', path: '', usage: 'index' });
    assert.equal(answer?.allowed, false);
    assert.match(answer?.text ?? '', /robots\.txt and the page's META tags/);
    await vscode.window.showTextDocument(doc);
  });

  test('a palette conversion converts the file to ACAP', async () => {
    const scratch = await vscode.workspace.openTextDocument({ language: 'robots-txt', content: 'User-agent: *\nDisallow: /private/\n' });
    await vscode.window.showTextDocument(scratch);
    assert.equal(await vscode.commands.executeCommand('robotsAcap.convertToAcap', scratch.uri, true), true);
    assert.match(scratch.getText(), /ACAP-crawler: \*\nACAP-disallow-crawl: \/private\//);
    await vscode.window.showTextDocument(doc);
  });

  test('a conversion code action is listed without its edit and resolved when picked (codeAction/resolve)', async () => {
    // No letters in the pattern: every verdict is kept, so the edit applies without the preview.
    const scratch = await vscode.workspace.openTextDocument({ language: 'robots-txt', content: 'User-agent: *\nDisallow: /1/\n' });
    await vscode.window.showTextDocument(scratch);
    const range = new vscode.Range(1, 2, 1, 2);
    const listed = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', scratch.uri, range, vscode.CodeActionKind.RefactorRewrite.value);
    const title = 'Convert this Disallow to ACAP-disallow-crawl';
    assert.ok(listed.some((a) => a.title === title && a.edit === undefined), `listed: ${listed.map((a) => `${a.title} ${a.edit ? '(edit)' : ''}`).join(', ')}`);
    // VS Code resolves the first items when asked to (as it does for the one the user picks).
    const resolved = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', scratch.uri, range, vscode.CodeActionKind.RefactorRewrite.value, 10);
    const action = resolved.find((a) => a.title.startsWith(title));
    // VS Code keeps the title it listed; what the check found travels as the edit's change
    // annotation (test/unit/serverConversions.test.ts checks it), shown in the refactoring preview.
    assert.ok(action?.edit, `resolved: ${resolved.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(action.edit));
    assert.match(scratch.getText(), /ACAP-crawler: \*\nACAP-disallow-crawl: \/1\/\n/);
    await vscode.window.showTextDocument(doc);
  });

  test('go to definition of a resource set', async () => {
    const lines = doc.getText().split(/\r?\n/);
    const use = lines.findIndex((l) => l.includes('the-acap:resource-set:articles'));
    const defLine = lines.findIndex((l) => l.startsWith('ACAP-resource-set: articles'));
    const locations = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, new vscode.Position(use, lines[use].indexOf('articles') + 2));
    const ranges = locations.map((l) => ('targetRange' in l ? l.targetSelectionRange ?? l.targetRange : l.range));
    assert.deepEqual(ranges.map((r) => [r.start.line, r.start.character]), [[defLine, 'ACAP-resource-set: '.length]]);
  });

  test('hover in an HTML META tag shows the page\'s effective permission, beside VS Code\'s own HTML support', async () => {
    const page = await vscode.workspace.openTextDocument(siteFile('news/2026/story.html'));
    await vscode.window.showTextDocument(page);
    assert.equal(page.languageId, 'html');
    const lines = page.getText().split(/\r?\n/);
    const line = lines.findIndex((l) => l.includes('name="GPTBot"'));
    const text = await hoverText(page.uri, new vscode.Position(line, lines[line].indexOf('GPTBot') + 2));
    assert.match(text, /Who may use this page \(`\/news\/2026\/story\.html`\)/);
    assert.match(text, /robots\.txt and this page's META tags/);
    // VS Code's HTML language features still answer for the page (our server adds, never replaces):
    // the outline comes from VS Code's own HTML extension, since ours offers none for pages.
    const html = vscode.extensions.getExtension('vscode.html-language-features');
    assert.ok(html, 'VS Code\'s HTML language features are installed');
    await html.activate();
    const symbols = (await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', page.uri)) ?? [];
    assert.ok(symbols.some((s) => s.name.startsWith('html')), `HTML outline from VS Code: ${symbols.map((s) => s.name).join(', ')}`);
  });

  test('Compare Verdicts with the Saved File lists each flipped verdict with its lines, and says when none flips', async () => {
    await vscode.window.showTextDocument(doc);
    type Outcome = { flips: { agents: string[]; path: string; question: string; before: string; after: string; afterLines: { line: number; text: string }[] }[] } | { unavailable: string };
    const line = doc.getText().split(/\r?\n/).findIndex((l, i, all) => l === 'Disallow: /archive/' && all[i - 1] === 'User-agent: Google-Extended');
    assert.ok(line > 0, 'the AI crawlers\' conventional group');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, doc.lineAt(line).range, 'Disallow: /news/');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(doc.isDirty, 'the edit is not saved');
    const changed = await vscode.commands.executeCommand<Outcome>('robotsAcap.diffWithSaved', doc.uri);
    assert.ok(changed && 'flips' in changed, JSON.stringify(changed));
    const news = changed.flips.find((f) => f.question === 'crawl' && f.path === '/news/' && f.agents.includes('GPTBot'));
    assert.ok(news, changed.flips.map((f) => `${f.agents.join(',')} ${f.question} ${f.path}`).join('; '));
    assert.deepEqual([news.before, news.after], ['allowed', 'prohibited']);
    assert.deepEqual(news.afterLines.map((l) => [l.line, l.text]), [[line + 1, 'Disallow: /news/']]);
    const train = changed.flips.find((f) => f.question === 'ai-train' && f.path === '/news/');
    assert.ok(train && train.agents.includes('GPTBot'), 'the AI-use verdicts are compared too');
    // Undo the edit: the editor says what the saved file says again.
    const undo = new vscode.WorkspaceEdit();
    undo.replace(doc.uri, doc.lineAt(line).range, 'Disallow: /archive/');
    assert.ok(await vscode.workspace.applyEdit(undo));
    const same = await vscode.commands.executeCommand<Outcome>('robotsAcap.diffWithSaved', doc.uri);
    assert.ok(same && 'flips' in same);
    assert.deepEqual(same.flips, []);
  });

  test('Compare Verdicts with Git HEAD runs nothing when VS Code\'s git support is off, and says so', async () => {
    // The e2e settings turn git off (git.enabled: false); the workspace is no repository either.
    const outcome = await vscode.commands.executeCommand<{ unavailable?: string; flips?: unknown[] }>('robotsAcap.diffWithHead', doc.uri);
    assert.ok(outcome && typeof outcome.unavailable === 'string', JSON.stringify(outcome));
    assert.match(outcome.unavailable, /git/);
    assert.equal(outcome.flips, undefined);
  });

  test('a site\'s TDMRep file gets its diagnostics (pulled by VS Code, as robots.txt\'s are)', async () => {
    // Written into the workspace copy: the bundled example site has no TDMRep file.
    const uri = siteFile('.well-known/tdmrep.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('[{"tdm-reservation": 1}]\n'));
    const tdm = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(tdm);
    assert.equal(tdm.languageId, 'json');
    const d = await diagnosticsWhere(uri, (x) => x.some((y) => codeOf(y) === 'tdmrep.missing-location'), 'the TDMRep rule without a location');
    assert.ok(d.length > 0);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});

/** The permissions view's page, as plain HTML from the server's table (no VS Code API: unit-tested). */
import type { PermissionsView, ViewCell, ViewVerdict } from '../../server/src/protocol';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mark(v: ViewVerdict): string {
  const q = v.qualifiers.length ? `<span class="q">${esc(v.qualifiers.join(' '))}</span>` : '';
  const m = `<span class="${v.allowed ? 'yes' : 'no'}">${v.allowed ? '✓' : '✗'}</span>`;
  return v.line !== undefined ? `${m} <a href="#" data-line="${v.line}" title="line ${v.line}">${v.line}</a>${q}` : `${m}${q}`;
}

function cell(c: ViewCell, acap: boolean): string {
  if (!acap) return `<td>${mark(c.conventional)}</td>`;
  const same = c.acap.allowed === c.conventional.allowed && c.acap.line === c.conventional.line;
  if (same) return `<td>${mark(c.acap)}</td>`;
  return `<td class="split"><div><abbr title="a crawler that reads ACAP">ACAP</abbr> ${mark(c.acap)}</div><div><abbr title="a crawler that reads only the conventional records">conv.</abbr> ${mark(c.conventional)}</div></td>`;
}

/** The page for `view` (exported for tests: it is plain HTML, no VS Code needed). */
export function renderView(view: PermissionsView, nonce: string, cspSource: string): string {
  const sections = view.sections.map((s) => {
    const head = `<tr><th>crawler</th>${view.usages.map((u) => `<th>${esc(u)}</th>`).join('')}</tr>`;
    // The reading these crawlers use by default (the crawler knowledge base, issue 15).
    const own = (r: (typeof s.rows)[number]): string => (view.acap && r.reading ? ` <small>(${r.reading === 'acap' ? 'reads ACAP' : 'reads conventional records only'})</small>` : '');
    const rows = s.rows.map((r) => `<tr><th class="who">${esc(r.crawlers.map((c) => (c === '*' ? '* (any other)' : c)).join(', '))}${own(r)}</th>${r.cells.map((c) => cell(c, view.acap)).join('')}</tr>`).join('');
    return `<h2>${s.purpose ? `For the purpose <code>${esc(s.purpose)}</code>` : 'For any purpose'}</h2><table>${head}${rows}</table>`;
  }).join('');
  const reading = view.acap
    ? 'Where a crawler that reads ACAP and one that reads only the conventional records get different answers, the cell shows both; each row says which reading its crawlers use (ACAP only where the crawler knowledge base says the crawler reads it; crawlers it does not know are taken to).'
    : 'The file has no ACAP records: every crawler reads the conventional records.';
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid var(--vscode-panel-border, #8884); padding: 3px 8px; text-align: center; vertical-align: top; }
th.who { text-align: left; font-weight: normal; }
.yes { color: var(--vscode-testing-iconPassed, #3a3); font-weight: bold; }
.no { color: var(--vscode-testing-iconFailed, #d33); font-weight: bold; }
.q { display: block; font-size: 85%; opacity: .8; }
.split div { white-space: nowrap; }
form { margin: .5em 0 1em; }
</style></head><body>
<form id="f"><label>Path <input id="path" value="${esc(view.path)}" size="40"></label> <button>Show</button></form>
<p>Who may do what on <code>${esc(view.path)}</code> — conventional lines read under ${esc(view.profile)}. ${reading} Click a line number to see the line that decides.</p>
${sections}${view.crawlersNotShown ? `<p>${view.crawlersNotShown.toLocaleString('en')} more crawlers the file names are not shown here; <code>robots-acap table</code> answers every one.</p>` : ''}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
document.getElementById('f').addEventListener('submit', (e) => { e.preventDefault(); vscode.postMessage({ path: document.getElementById('path').value }); });
for (const a of document.querySelectorAll('a[data-line]')) a.addEventListener('click', (e) => { e.preventDefault(); vscode.postMessage({ line: Number(a.dataset.line) }); });
</script></body></html>`;
}


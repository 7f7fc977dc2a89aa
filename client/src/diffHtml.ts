/**
 * The verdict-diff view's page (issue 14 point 5), as plain HTML from the server's answer
 * (`robotsAcap/diff`): each crawl or AI-use verdict that flips between another version of the
 * robots.txt and the editor, with the lines responsible on each side. Lines of the editor are
 * links; lines of the other version (not open anywhere) are shown as text. No VS Code API:
 * unit-tested. Cost: O(F + L) for F flips naming L lines in all.
 */
import type { DiffResult, LineRef } from '../../server/src/protocol';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const QUESTION: Readonly<Record<string, string>> = {
  crawl: 'crawl',
  'ai-train': 'AI training (ai-train)',
  'ai-input': 'AI answers (ai-input)',
  search: 'search',
};

function verdict(v: string): string {
  const cls = v === 'allowed' ? 'yes' : v === 'prohibited' ? 'no' : 'unknown';
  return `<span class="${cls}">${esc(v)}</span>`;
}

function oldLines(ls: readonly LineRef[]): string {
  if (!ls.length) return '<span class="none">no line (the default)</span>';
  return ls.map((l) => `<div><span class="ln">${l.line}</span> <code>${esc(l.text)}</code></div>`).join('');
}

function newLines(ls: readonly LineRef[]): string {
  if (!ls.length) return '<span class="none">no line (the default)</span>';
  return ls.map((l) => (l.file
    ? `<div><span class="ln">${esc(l.file)}:${l.line}</span> <code>${esc(l.text)}</code></div>`
    : `<div><a href="#" data-line="${l.line}" title="go to line ${l.line}">${l.line}</a> <code>${esc(l.text)}</code></div>`)).join('');
}

/** The page for `diff`, comparing the version called `oldLabel` with the editor's text of `file`. */
export function renderDiff(diff: DiffResult, file: string, oldLabel: string, nonce: string, cspSource: string): string {
  const scope = `${diff.agents.length} crawlers × ${diff.paths.length} probe paths × crawl and AI uses`;
  const body = diff.flips.length === 0
    ? `<p class="same">No verdict changes between ${esc(oldLabel)} and the editor (${esc(scope)}).</p>`
    : `<p>${diff.flips.length} verdict${diff.flips.length > 1 ? 's' : ''} change${diff.flips.length > 1 ? '' : 's'} (${esc(scope)}). Click a line number to go to the line of the editor that now decides.</p>
<table><tr><th>crawlers</th><th>question</th><th>path</th><th>${esc(oldLabel)} → editor</th><th>lines that decide</th></tr>${diff.flips.map((f) => `<tr>
<td class="who">${esc(f.agents.map((a) => (a === '*' ? '* (any other)' : a)).join(', '))}</td><td>${esc(QUESTION[f.question] ?? f.question)}</td><td><code>${esc(f.path)}</code></td>
<td class="verdicts">${verdict(f.before)} → ${verdict(f.after)}</td><td class="lines"><div class="side">was:</div>${oldLines(f.beforeLines)}<div class="side">now:</div>${newLines(f.afterLines)}</td></tr>`).join('')}</table>`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid var(--vscode-panel-border, #8884); padding: 3px 8px; text-align: left; vertical-align: top; }
.yes { color: var(--vscode-testing-iconPassed, #3a3); font-weight: bold; }
.no { color: var(--vscode-testing-iconFailed, #d33); font-weight: bold; }
.unknown, .none, .ln { opacity: .75; }
.verdicts { white-space: nowrap; }
.side { font-size: 85%; opacity: .75; margin-top: 2px; }
</style></head><body>
<h2>Verdict changes: <code>${esc(file)}</code>, ${esc(oldLabel)} → editor</h2>
${body}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
for (const a of document.querySelectorAll('a[data-line]')) a.addEventListener('click', (e) => { e.preventDefault(); vscode.postMessage({ line: Number(a.dataset.line) }); });
</script></body></html>`;
}

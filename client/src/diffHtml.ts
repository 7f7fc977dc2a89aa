/**
 * The verdict-diff view's page (issue 14 point 5), as plain HTML from the server's answer
 * (`robotsAcap/diff`): each crawl or AI-use verdict that flips between another version of the
 * robots.txt and the editor, grouped by path and crawlers, with the lines responsible on each side. Lines of the editor are
 * links; lines of the other version (not open anywhere) are shown as text. No VS Code API:
 * unit-tested. Cost: O(F + L) for F flips naming L lines in all.
 */
import type { DiffResult, LineRef, VerdictFlip } from '../../server/src/protocol';

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
  return ls.map((l) => `<span class="ln">${l.line}</span> <code>${esc(l.text)}</code>`).join('; ');
}

function newLines(ls: readonly LineRef[]): string {
  if (!ls.length) return '<span class="none">no line (the default)</span>';
  return ls.map((l) => (l.file
    ? `<span class="ln">${esc(l.file)}:${l.line}</span> <code>${esc(l.text)}</code>`
    : `<a href="#" data-line="${l.line}" title="go to line ${l.line}">${l.line}</a> <code>${esc(l.text)}</code>`)).join('; ');
}

/** Consecutive flips on one path for the same crawlers, under one heading (diffRobots lists them path by path). */
function groups(flips: readonly VerdictFlip[]): VerdictFlip[][] {
  const out: VerdictFlip[][] = [];
  for (const f of flips) {
    const last = out[out.length - 1];
    if (last && last[0].path === f.path && last[0].agents.join('\u0000') === f.agents.join('\u0000')) last.push(f);
    else out.push([f]);
  }
  return out;
}

/** The page for `diff`, comparing the version called `oldLabel` with the editor's text of `file`. */
export function renderDiff(diff: DiffResult, file: string, oldLabel: string, nonce: string, cspSource: string): string {
  const scope = `${diff.agents.length} crawlers × ${diff.paths.length} probe paths × crawl and AI uses`;
  const body = diff.flips.length === 0
    ? `<p class="same">No verdict changes between ${esc(oldLabel)} and the editor (${esc(scope)}).</p>`
    : `<p>${diff.flips.length} verdict${diff.flips.length > 1 ? 's' : ''} change${diff.flips.length > 1 ? '' : 's'} (${esc(scope)}). Click a line number to go to the line of the editor that now decides.</p>
${groups(diff.flips).map((g) => `<h3><code>${esc(g[0].path)}</code> · ${esc(g[0].agents.map((a) => (a === '*' ? '* (any other)' : a)).join(', '))}</h3>
<ul>${g.map((f) => `<li><b>${esc(QUESTION[f.question] ?? f.question)}</b>: ${verdict(f.before)} → ${verdict(f.after)}
<div class="lines"><span class="side">was</span> ${oldLines(f.beforeLines)}</div><div class="lines"><span class="side">now</span> ${newLines(f.afterLines)}</div></li>`).join('')}</ul>`).join('')}`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
h3 { margin: 1.2em 0 .3em; font-size: 105%; }
ul { margin: 0; padding-left: 1.2em; }
li { margin: .35em 0; }
.lines { margin-left: 1em; }
.yes { color: var(--vscode-testing-iconPassed, #3a3); font-weight: bold; }
.no { color: var(--vscode-testing-iconFailed, #d33); font-weight: bold; }
.unknown, .none, .ln { opacity: .75; }
.side { display: inline-block; min-width: 2.5em; font-size: 85%; opacity: .75; }
</style></head><body>
<h2>Verdict changes: <code>${esc(file)}</code>, ${esc(oldLabel)} → editor</h2>
${body}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
for (const a of document.querySelectorAll('a[data-line]')) a.addEventListener('click', (e) => { e.preventDefault(); vscode.postMessage({ line: Number(a.dataset.line) }); });
</script></body></html>`;
}

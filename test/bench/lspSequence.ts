/**
 * Sequences of LSP messages as data — open, change, close, hover, completion, code actions,
 * diagnostics, cancellation, and requests with parameters of the wrong type — and their replay
 * against the real server (lspClient.ts). The fuzzer (scripts/fuzz.ts) generates them; a sequence
 * that kills the server or leaves a request unanswered is saved as a fixture
 * (test/fixtures/fuzz/*.json) and replayed by test/unit/fuzzFixtures.test.ts.
 */
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { ServerSession } from './lspClient';

export type Step =
  | { readonly op: 'open'; readonly doc: number; readonly languageId: 'robots-txt' | 'html'; readonly text: string }
  | { readonly op: 'change'; readonly doc: number; readonly full: boolean; readonly line: number; readonly character: number; readonly length: number; readonly text: string }
  | { readonly op: 'close'; readonly doc: number }
  | { readonly op: 'request'; readonly doc: number; readonly method: string; readonly line: number; readonly character: number; readonly cancel: boolean }
  | { readonly op: 'junk'; readonly doc: number; readonly method: string; readonly params: unknown };

export const REQUESTS = [
  'textDocument/hover', 'textDocument/completion', 'textDocument/codeAction', 'textDocument/diagnostic', 'textDocument/documentSymbol',
  'textDocument/definition', 'textDocument/references', 'textDocument/formatting', 'textDocument/foldingRange', 'textDocument/semanticTokens/full',
  'textDocument/inlayHint', 'textDocument/documentLink', 'textDocument/selectionRange', 'robotsAcap/explain',
] as const;

export interface SequenceResult {
  /** What went wrong: the server died, or a request got no answer within the limit. */
  readonly failures: string[];
  /** Error answers by code (-32603 is an internal error; -32800 a cancelled request). */
  readonly errors: Map<number, number>;
  readonly messages: number;
}

function uriOf(doc: number, languageId: string): string {
  return `file:///site/${doc}/${languageId === 'html' ? 'page.html' : 'robots.txt'}`;
}

function paramsOf(method: string, uri: string, line: number, character: number, conversions = true): unknown {
  const position = { line, character };
  const range = { start: position, end: { line: line + 1, character: 0 } };
  switch (method) {
    case 'textDocument/codeAction': return { textDocument: { uri }, range, context: { diagnostics: [], only: conversions ? ['refactor', 'quickfix'] : ['quickfix'] } };
    case 'textDocument/references': return { textDocument: { uri }, position, context: { includeDeclaration: true } };
    case 'textDocument/formatting': return { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } };
    case 'textDocument/inlayHint': return { textDocument: { uri }, range };
    case 'textDocument/selectionRange': return { textDocument: { uri }, positions: [position] };
    case 'robotsAcap/explain': return { textDocument: { uri }, query: { agent: 'GPTBot', path: `/${'a'.repeat(line)}` } };
    case 'textDocument/diagnostic': case 'textDocument/documentSymbol': case 'textDocument/foldingRange':
    case 'textDocument/semanticTokens/full': case 'textDocument/documentLink':
      return { textDocument: { uri } };
    default: return { textDocument: { uri }, position };
  }
}

/**
 * Send `steps` to the server; every request must be answered (a result or an error) within
 * `limitMs`, and the server must still answer a plain hover afterwards. The documents the steps
 * opened are closed at the end, so that the next sequence on the same server starts from none
 * (a saved sequence then replays alone as it ran). `conversions: false` asks code actions for
 * quick fixes only (no conversion refactorings).
 */
export async function replay(s: ServerSession, steps: readonly Step[], limitMs = 10_000, options: { readonly conversions?: boolean } = {}): Promise<SequenceResult> {
  const failures: string[] = [];
  const errors = new Map<number, number>();
  const languages = new Map<number, 'robots-txt' | 'html'>();
  const versions = new Map<number, number>();
  let messages = 0;
  const pending: Promise<void>[] = [];
  const ask = (label: string, method: string, params: unknown, cancel: boolean): void => {
    messages++;
    const source = new CancellationTokenSource();
    const t0 = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = s.conn.sendRequest(method, params, source.token).then(() => undefined, (err: { code?: number }) => {
      errors.set(err.code ?? 0, (errors.get(err.code ?? 0) ?? 0) + 1);
    });
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), limitMs); });
    pending.push(Promise.race([answered, late]).then((r) => {
      clearTimeout(timer);
      if (r === 'late') failures.push(`${label}: no answer within ${limitMs} ms`);
      else if (performance.now() - t0 > limitMs) failures.push(`${label}: answered after ${(performance.now() - t0).toFixed(0)} ms`);
    }));
    // vscode-jsonrpc sends $/cancelRequest with the request's id.
    if (cancel) source.cancel();
  };
  for (const [k, step] of steps.entries()) {
    if (s.exited()) break;
    const label = `step ${k} ${step.op}${'method' in step ? ' ' + step.method : ''}`;
    const languageId = languages.get(step.doc) ?? 'robots-txt';
    const uri = uriOf(step.doc, step.op === 'open' ? step.languageId : languageId);
    switch (step.op) {
      case 'open':
        languages.set(step.doc, step.languageId);
        versions.set(step.doc, 1);
        messages++;
        await s.notify('textDocument/didOpen', { textDocument: { uri, languageId: step.languageId, version: 1, text: step.text } });
        break;
      case 'change': {
        const version = (versions.get(step.doc) ?? 0) + 1;
        versions.set(step.doc, version);
        const change = step.full
          ? { text: step.text }
          : { range: { start: { line: step.line, character: step.character }, end: { line: step.line, character: step.character + step.length } }, text: step.text };
        messages++;
        await s.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        break;
      }
      case 'close':
        messages++;
        await s.notify('textDocument/didClose', { textDocument: { uri } });
        languages.delete(step.doc);
        break;
      case 'request':
        ask(label, step.method, paramsOf(step.method, uri, step.line, step.character, options.conversions), step.cancel);
        break;
      case 'junk':
        ask(label, step.method, step.params, false);
        break;
    }
  }
  await Promise.all(pending);
  if (s.exited()) failures.push('the server exited');
  else {
    const probe = 'file:///site/probe/robots.txt';
    await s.notify('textDocument/didOpen', { textDocument: { uri: probe, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /private/\n' } });
    const r = await s.request<{ contents?: { value?: string } } | null>('textDocument/hover', { textDocument: { uri: probe }, position: { line: 1, character: 12 } }, limitMs);
    if (r.timedOut) failures.push('the server no longer answers a plain hover');
    else if (!r.result?.contents?.value?.includes('/private/')) failures.push(`a plain hover afterwards answers ${JSON.stringify(r.result ?? r.error).slice(0, 200)}`);
    await s.notify('textDocument/didClose', { textDocument: { uri: probe } });
    for (const [doc, languageId] of languages) await s.notify('textDocument/didClose', { textDocument: { uri: uriOf(doc, languageId) } });
  }
  return { failures, errors, messages };
}

/**
 * Pull diagnostics' result ids (LSP 3.17 `textDocument/diagnostic`), for both servers: the id is a
 * hash of the diagnostics themselves, so an edit that leaves them as they were (typing in a
 * comment, in most paths) answers "unchanged" instead of sending them again; and the last answer
 * per document is remembered with the revision and settings it was computed for, so a repeated
 * pull of the same revision costs nothing.
 */
import { DocumentDiagnosticReportKind, type Diagnostic, type DocumentDiagnosticReport } from 'vscode-languageserver';

/** FNV-1a over the UTF-16 code units of `text`, with its length: a result id for a content. O(length). */
export function contentId(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${(h >>> 0).toString(36)}.${text.length.toString(36)}`;
}

export const EMPTY_REPORT: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };

/** The last result per document: O(1) to ask whether a pull can be answered "unchanged". */
export class PullResults {
  private readonly last = new Map<string, { readonly revision: number; readonly generation: number; readonly resultId: string }>();

  /**
   * The answer to a pull of `uri`, whose revision `revisionOf` tells (undefined: not open): at
   * once "unchanged" when the client has the result of this revision (never reused, not even by a
   * document closed and opened again with the same version) and settings `generation`; else the
   * items `compute` gives, reported "unchanged" when they hash to the id the client has, and
   * thrown as `overtaken()` when the document changed meanwhile or `compute` gave nothing.
   * O(items' JSON) beyond `compute`.
   */
  async answer(uri: string, previousResultId: string | undefined, revisionOf: (uri: string) => number | undefined, generation: number,
    compute: () => Promise<Diagnostic[] | undefined>, overtaken: () => Error): Promise<DocumentDiagnosticReport> {
    const revision = revisionOf(uri);
    if (revision === undefined) return EMPTY_REPORT;
    const last = this.last.get(uri);
    if (last && last.revision === revision && last.generation === generation && previousResultId === last.resultId) {
      return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
    }
    const items = await compute();
    if (!items || revisionOf(uri) !== revision) throw overtaken();
    const resultId = contentId(JSON.stringify(items));
    this.last.set(uri, { revision, generation, resultId });
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items };
  }

  forget(uri: string): void {
    this.last.delete(uri);
  }
}

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
   * "Unchanged", when `uri` was last answered at this revision (never reused, not even by a
   * document closed and opened again with the same version) and settings generation, with the id
   * the client sends back; undefined when the diagnostics must be computed.
   */
  known(uri: string, revision: number, generation: number, previousResultId: string | undefined): DocumentDiagnosticReport | undefined {
    const last = this.last.get(uri);
    if (last && last.revision === revision && last.generation === generation && previousResultId === last.resultId) {
      return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
    }
    return undefined;
  }

  /** The report of `items`, computed at `revision`: "unchanged" when they hash to the id the client has. O(items' JSON). */
  report(uri: string, revision: number, generation: number, previousResultId: string | undefined, items: Diagnostic[]): DocumentDiagnosticReport {
    const resultId = contentId(JSON.stringify(items));
    this.last.set(uri, { revision, generation, resultId });
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items };
  }

  forget(uri: string): void {
    this.last.delete(uri);
  }
}

/**
 * Open documents: robots.txt files parsed and updated incrementally from LSP content changes, and
 * HTML pages kept as text (vscode-languageserver-textdocument applies their edits) and parsed on
 * demand, once per version.
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument, updateDocument, type RobotsDocument } from '../service';
import { parseHtml, type HtmlPage } from '../service';

/** HTML pages are the documents whose language is html (or whose name says so). */
export function isHtml(uri: string, languageId?: string): boolean {
  return languageId ? languageId === 'html' : /\.x?html?$/i.test(uri);
}

export class DocumentStore {
  private readonly docs = new Map<string, RobotsDocument>();
  private readonly pages = new Map<string, { text: TextDocument; page?: HtmlPage }>();

  open(uri: string, version: number, text: string, languageId?: string): void {
    if (isHtml(uri, languageId)) this.pages.set(uri, { text: TextDocument.create(uri, 'html', version, text) });
    else this.docs.set(uri, parseDocument(uri, version, text));
  }

  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    const page = this.pages.get(uri);
    if (page) {
      this.pages.set(uri, { text: TextDocument.update(page.text, [...changes], version) });
      return;
    }
    const old = this.docs.get(uri);
    if (!old) return;
    try {
      this.docs.set(uri, updateDocument(old, changes.map((c) => ('range' in c ? { range: c.range, text: c.text } : { text: c.text })), version));
    } catch (err) {
      // Never keep a document whose text may no longer match the client's.
      this.docs.delete(uri);
      throw err;
    }
  }

  close(uri: string): void {
    this.docs.delete(uri);
    this.pages.delete(uri);
  }

  get(uri: string): RobotsDocument | undefined {
    return this.docs.get(uri);
  }

  /** The open HTML page, parsed (once per version). */
  page(uri: string): HtmlPage | undefined {
    const entry = this.pages.get(uri);
    if (!entry) return undefined;
    entry.page ??= parseHtml(uri, entry.text.getText());
    return entry.page;
  }

  version(uri: string): number | undefined {
    return this.docs.get(uri)?.version ?? this.pages.get(uri)?.text.version;
  }

  uris(): string[] {
    return [...this.docs.keys(), ...this.pages.keys()];
  }
}

/** Open documents, parsed, and updated incrementally from LSP content changes. */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { parseDocument, updateDocument, type RobotsDocument } from './service/languageService';

export class DocumentStore {
  private readonly docs = new Map<string, RobotsDocument>();

  open(uri: string, version: number, text: string): RobotsDocument {
    const doc = parseDocument(uri, version, text);
    this.docs.set(uri, doc);
    return doc;
  }

  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): RobotsDocument | undefined {
    const old = this.docs.get(uri);
    if (!old) return undefined;
    try {
      const doc = updateDocument(old, changes.map((c) => ('range' in c ? { range: c.range, text: c.text } : { text: c.text })), version);
      this.docs.set(uri, doc);
      return doc;
    } catch (err) {
      // Never keep a document whose text may no longer match the client's.
      this.docs.delete(uri);
      throw err;
    }
  }

  close(uri: string): void {
    this.docs.delete(uri);
  }

  get(uri: string): RobotsDocument | undefined {
    return this.docs.get(uri);
  }

  uris(): string[] {
    return [...this.docs.keys()];
  }
}

/**
 * Open documents: robots.txt files parsed and updated incrementally from LSP content changes, and
 * HTML pages kept as text (vscode-languageserver-textdocument applies their edits) and parsed on
 * demand, once per version.
 *
 * Only the languages the server registers for are kept (issue 15 point 8): robots.txt and HTML,
 * and the two files beside robots.txt that speak on AI uses (issue 14): a TDMRep
 * `/.well-known/tdmrep.json` and XML, which is validated only when it is an RSL licence. A
 * document of any other language (Markdown, PHP, XHTML...) is not stored, so nothing is computed
 * or reported for it.
 *
 * Past MAX_DOCUMENT_CHARS or MAX_DOCUMENT_LINES a document is degraded (issue 12 point 2): its
 * text is kept so that edits still apply, but it is not parsed; the server reports one diagnostic
 * saying why and answers every other request with nothing. An edit that brings it back under the
 * limits parses it again. Everything kept for a document is dropped when it closes.
 *
 * A robots.txt that was just opened is parsed on first use (`get`, `degraded`, an edit), not in
 * `open`: the server asks the client for the document's settings when it opens, and the parse
 * then runs while that request is answered instead of before it is sent (see server.ts,
 * `validate`). That parse checks the line limit itself (parseWithin): a text given whole is not
 * read once more to count its lines first. A document kept as text past a limit counts them on
 * each edit (tooManyLines, O(min(lines, the limit))), never lexes them.
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { documentLength, documentText, forgetDocument, lineCount, MAX_DOCUMENT_LINES, parseWithin, tooManyLines, updateDocument, type RobotsDocument } from '../service';
import { isTdmrepFile, parseHtml, type HtmlPage } from '../service';

/**
 * The largest document the server parses, in UTF-16 code units (5 Mi). The largest real
 * robots.txt in the corpus is 3.55 MiB; crawlers read at most 500 KiB (RFC 9309 §2.5).
 */
export const MAX_DOCUMENT_CHARS = 5 * 1024 * 1024;

/** Whether a robots.txt of this text is parsed: at most MAX_DOCUMENT_CHARS and MAX_DOCUMENT_LINES. */
function parsable(text: string): boolean {
  return text.length <= MAX_DOCUMENT_CHARS && !tooManyLines(text);
}

/** What a document past a limit has: the numbers its diagnostic gives. */
export interface Oversize {
  readonly characters: number;
  readonly lines: number;
}

/** The language ids a robots.txt arrives with (VS Code's, and what other editors' users set). */
const ROBOTS_LANGUAGES = new Set(['robots-txt', 'robots', 'robotstxt', 'robots.txt']);
/** Language ids a client sends when it knows none; the file name decides then. */
const UNKNOWN_LANGUAGES = new Set(['', 'plaintext', 'text', 'txt']);

/** Kept as text and validated whole: a TDMRep property file and an (RSL) XML file. */
export type SideLanguage = 'tdmrep' | 'xml';
export type Language = 'robots' | 'html' | SideLanguage;

/** The language the server treats a document as, or undefined when it is not one of its own. */
export function languageOf(uri: string, languageId: string | undefined): Language | undefined {
  const id = (languageId ?? '').toLowerCase();
  if (ROBOTS_LANGUAGES.has(id)) return 'robots';
  if (id === 'html') return 'html';
  if (isTdmrepFile(uri) && (id === 'json' || id === 'jsonc' || UNKNOWN_LANGUAGES.has(id))) return 'tdmrep';
  if (id === 'xml') return 'xml';
  if (!UNKNOWN_LANGUAGES.has(id)) return undefined;
  const name = uri.slice(uri.lastIndexOf('/') + 1).toLowerCase();
  if (name === 'robots.txt' || name.endsWith('.robots.txt')) return 'robots';
  return languageId === undefined && /\.html?$/.test(name) ? 'html' : undefined;
}

/** HTML pages are the documents whose language is html (or, with none given, whose name says so). */
export function isHtml(uri: string, languageId?: string): boolean {
  return languageOf(uri, languageId) === 'html';
}

/**
 * `changes` applied in turn to a document kept as text. vscode-languageserver-textdocument's
 * update assumes ranges within the document: a range past the end left holes in its line table,
 * and a later edit then lost the whole text (a robots.txt over the size limit, edited past its
 * end, came back empty). Each range is made well-formed against the text it applies to first:
 * a position past its line's end stands at that end, one past the last line at the text's end,
 * as the incremental parser reads them (updateDocument). O(changes × (log lines + change)).
 */
function updateText(doc: TextDocument, changes: readonly TextDocumentContentChangeEvent[], version: number): TextDocument {
  let out = doc;
  for (const c of changes) {
    if (!('range' in c) || !c.range) {
      out = TextDocument.update(out, [c], version);
      continue;
    }
    const start = out.positionAt(out.offsetAt(c.range.start));
    const end = out.positionAt(Math.max(out.offsetAt(c.range.start), out.offsetAt(c.range.end)));
    out = TextDocument.update(out, [{ range: { start, end }, text: c.text }], version);
  }
  return out;
}

interface Entry {
  readonly language: Language;
  readonly version: number;
  /** A number that changes whenever the text does, across closes and reopens (never reused). */
  readonly revision: number;
  /** The parsed robots.txt (undefined when degraded, HTML, or not parsed yet). */
  robots?: RobotsDocument;
  /** The text of a robots.txt opened and not parsed yet: `settled` reads it once, then drops it. */
  unparsed?: string;
  /** The text, for HTML pages and degraded documents. */
  readonly text?: TextDocument;
  page?: HtmlPage;
}

/** The entry of a document kept as text (HTML, a file beside a robots.txt, or one past a limit). */
function textEntry(uri: string, language: Language, version: number, revision: number, text: string): Entry {
  const id = language === 'robots' ? 'robots-txt' : language === 'tdmrep' ? 'json' : language;
  return { language, version, revision, text: TextDocument.create(uri, id, version, text) };
}

export class DocumentStore {
  private readonly entries = new Map<string, Entry>();
  private revisions = 0;

  /** Keeps the document if it is in one of the server's languages; says whether it did. */
  open(uri: string, version: number, text: string, languageId?: string): boolean {
    const language = languageOf(uri, languageId);
    if (!language) {
      this.entries.delete(uri);
      return false;
    }
    this.entries.set(uri, this.make(uri, language, version, text));
    return true;
  }

  /**
   * The entry of a text given whole (a string: opened, or replaced by a change) or edited as text
   * (a TextDocument, past a limit). A robots.txt given whole waits for its parse, which checks
   * the line limit; one edited as text counts its lines here.
   */
  private make(uri: string, language: Language, version: number, text: string | TextDocument): Entry {
    const revision = ++this.revisions;
    const whole = typeof text === 'string' ? text : text.getText();
    if (language === 'robots' && (typeof text === 'string' ? whole.length <= MAX_DOCUMENT_CHARS : parsable(whole))) return { language, version, revision, unparsed: whole };
    return typeof text === 'string' ? textEntry(uri, language, version, revision, text) : { language, version, revision, text };
  }

  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    let entry = this.entries.get(uri);
    if (!entry) return;
    // Replaced whole by its last change before anything read it: the text it had is never parsed.
    const last = changes[changes.length - 1];
    if (entry.unparsed !== undefined && last && !('range' in last && last.range)) {
      this.entries.set(uri, this.make(uri, entry.language, version, last.text));
      return;
    }
    try {
      // Parsed now, it may prove to be past the line limit: then it is edited as text.
      if (entry.unparsed !== undefined) entry = this.settled(uri, entry);
      if (entry.text) {
        this.entries.set(uri, this.make(uri, entry.language, version, updateText(entry.text, changes, version)));
        return;
      }
      const doc = updateDocument(entry.robots!, changes.map((c) => ('range' in c ? { range: c.range, text: c.text } : { text: c.text })), version);
      // The length and line count are kept by updateDocument (O(1)): no pass over the lines per edit.
      if (documentLength(doc) > MAX_DOCUMENT_CHARS || lineCount(doc) > MAX_DOCUMENT_LINES) {
        // Past a limit, as the counts kept by updateDocument say: kept as text, not counted again.
        this.entries.set(uri, textEntry(uri, entry.language, version, ++this.revisions, documentText(doc)));
      } else {
        this.entries.set(uri, { language: entry.language, version, revision: ++this.revisions, robots: doc });
      }
    } catch (err) {
      // Never keep a document whose text may no longer match the client's.
      this.entries.delete(uri);
      throw err;
    }
  }

  close(uri: string): void {
    this.entries.delete(uri);
    // The engine's state kept between versions holds the last one: not past the close.
    forgetDocument(uri);
  }

  has(uri: string): boolean {
    return this.entries.has(uri);
  }

  /** The parsed robots.txt, unless the document is HTML, degraded or not open (parsed now if it was not yet: O(text)). */
  get(uri: string): RobotsDocument | undefined {
    const entry = this.entries.get(uri);
    return entry && this.settled(uri, entry).robots;
  }

  /** Whether `get` will parse the document (it was opened and nothing has read it since). */
  parsePending(uri: string): boolean {
    return this.entries.get(uri)?.unparsed !== undefined;
  }

  /**
   * `entry` of `uri` with its text parsed if it was waiting for it: the same entry, now holding
   * the document, or, for a text of more lines than the limit, the entry that keeps it as text
   * (same version and revision: the text has not changed).
   */
  private settled(uri: string, entry: Entry): Entry {
    const text = entry.unparsed;
    if (text === undefined) return entry;
    // The text is let go only once parsed: a parse that throws leaves the entry as it was.
    entry.robots = parseWithin(uri, entry.version, text, MAX_DOCUMENT_LINES);
    entry.unparsed = undefined;
    if (entry.robots) return entry;
    const asText = textEntry(uri, entry.language, entry.version, entry.revision, text);
    this.entries.set(uri, asText);
    return asText;
  }

  /** The open HTML page, parsed (once per version), unless degraded. */
  page(uri: string): HtmlPage | undefined {
    const entry = this.entries.get(uri);
    if (!entry || entry.language !== 'html' || !entry.text) return undefined;
    if (entry.text.getText().length > MAX_DOCUMENT_CHARS) return undefined;
    entry.page ??= parseHtml(uri, entry.text.getText());
    return entry.page;
  }

  /** The text of an open TDMRep or XML file, with which it is (undefined for any other document). */
  side(uri: string): { readonly language: SideLanguage; readonly text: string } | undefined {
    const entry = this.entries.get(uri);
    if (!entry?.text || (entry.language !== 'tdmrep' && entry.language !== 'xml')) return undefined;
    return { language: entry.language, text: entry.text.getText() };
  }

  /**
   * The size of a document too large to parse, or undefined when it is not one. A robots.txt
   * opened and not read yet is parsed first (O(text)): only that parse tells whether it has more
   * lines than the limit.
   */
  degraded(uri: string): Oversize | undefined {
    const found = this.entries.get(uri);
    const entry = found && this.settled(uri, found);
    const text = entry?.text;
    if (!text) return undefined;
    const characters = text.getText().length;
    // A robots.txt is kept as text only past a limit; an HTML page always is.
    return entry.language === 'robots' || characters > MAX_DOCUMENT_CHARS ? { characters, lines: text.lineCount } : undefined;
  }

  version(uri: string): number | undefined {
    return this.entries.get(uri)?.version;
  }

  /** Changes whenever the document's text does; never the same for two different texts. */
  revision(uri: string): number | undefined {
    return this.entries.get(uri)?.revision;
  }

  /** Every open document the server keeps. */
  uris(): string[] {
    return [...this.entries.keys()];
  }

  /** The open robots.txt files (parsed), for the workspace overlay. */
  robotsUris(): string[] {
    // One opened and not read yet is parsed here (the workspace reads it next): one past the line
    // limit is no robots.txt the workspace can read, whichever request comes first.
    return [...this.entries].filter(([uri, e]) => this.settled(uri, e).robots !== undefined).map(([uri]) => uri);
  }
}

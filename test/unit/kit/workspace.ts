/**
 * Multi-file fixtures as the service's context: an in-memory map of path → text (the `#- /path`
 * sections of a fixture) turned into what the service's functions take today — the files that
 * refer to a document (validation, navigation), the files it refers to (navigation), and a
 * resolver for ACAP-permissions-reference (the engine).
 *
 * This is an adapter on purpose, and the only place tests build those contexts from fixtures:
 * when the service takes one `Workspace` port (with an in-memory implementation for tests), the
 * functions below become `{ workspace: new MemoryWorkspace(fixture.filesByUri) }` and no test
 * changes. Like the real hosts, it resolves references only to files of the fixture's site
 * (folder `/`), never to a URL, never outside the site.
 *
 * Cost: parsing every file once per fixture, then O(files × reference lines) per question.
 */
import * as path from 'node:path';
import { parseDocument, type EngineContext, type NavigationContext, type RobotsDocument, type ValidationSettings } from '../../../server/src/service';
import { SITE, type Fixture } from './fixture';

/** The documents of a fixture, parsed once, by path. */
export class FixtureWorkspace {
  private readonly docs = new Map<string, RobotsDocument>();

  constructor(readonly fixture: Fixture) {
    for (const f of fixture.files) this.docs.set(f.path, parseDocument(f.uri, 1, f.text));
  }

  /** The parsed document of `filePath` (`/robots.txt`). */
  doc(filePath: string = this.fixture.main.path): RobotsDocument {
    const d = this.docs.get(filePath);
    if (!d) throw new Error(`no file ${filePath} in the fixture`);
    return d;
  }

  /** The fixture path a permissions-reference locator in `from` names, if it lies in the site. */
  resolve(locator: string, from: RobotsDocument): string | undefined {
    const trimmed = locator.trim();
    if (trimmed === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(trimmed) || trimmed.includes('\\')) return undefined;
    // Segment by segment, so that a `..` climbing above the site resolves to nothing.
    const segments = trimmed.startsWith('/') ? [] : path.posix.dirname(from.uri.slice(SITE.length)).split('/').filter(Boolean);
    for (const s of trimmed.replace(/[?#].*$/, '').split('/')) {
      if (s === '' || s === '.') continue;
      if (s === '..') {
        if (segments.length === 0) return undefined;
        segments.pop();
      } else {
        segments.push(s);
      }
    }
    const target = '/' + segments.join('/');
    return this.docs.has(target) ? target : undefined;
  }

  /** The documents `doc` refers to with ACAP-permissions-reference. */
  referencedBy(doc: RobotsDocument): RobotsDocument[] {
    const out: RobotsDocument[] = [];
    for (const node of doc.lines) {
      const d = node.directive;
      if (d.kind !== 'acap-reference') continue;
      const target = this.resolve(node.text.slice(d.locator.start, d.locator.end), doc);
      if (target) out.push(this.doc(target));
    }
    return out;
  }

  /** The documents of the fixture that refer to `doc`. */
  referencing(doc: RobotsDocument): RobotsDocument[] {
    return [...this.docs.values()].filter((other) => other !== doc && this.referencedBy(other).includes(doc));
  }

  /** Context for `doValidation` of `filePath`. */
  validation(filePath?: string, settings: ValidationSettings = {}): ValidationSettings {
    const doc = this.doc(filePath);
    return { ...settings, referencingDocuments: () => this.referencing(doc) };
  }

  /** Context for definition, references, highlights and rename in `filePath`. */
  navigation(filePath?: string): NavigationContext {
    const doc = this.doc(filePath);
    return { referencingDocuments: this.referencing(doc), referencedDocuments: this.referencedBy(doc) };
  }

  /** Context for the permission engine. */
  engine(): EngineContext {
    return {
      resolveReference: (locator, from) => {
        const target = this.resolve(locator, from);
        return target ? this.doc(target) : undefined;
      },
    };
  }
}

/**
 * Multi-file fixtures as the service's context: the `#- /path` sections of a fixture become an
 * in-memory `Workspace` (./../memoryWorkspace.ts) rooted at the fixture's site, the one port
 * through which the service sees other files. The helpers `resolve`, `referencedBy` and
 * `referencing` answer the same questions from the fixture's side, so a test can say what the
 * service should have found. Like the real hosts, references resolve only to files of the
 * fixture's site (folder `/`), never to a URL, never outside the site.
 *
 * Cost: parsing every file once per fixture, then O(files × reference lines) per question.
 */
import * as path from 'node:path';
import { parseDocument, type RobotsDocument, type ValidationSettings, type WorkspaceContext } from '../../../server/src/service';
import { MemoryWorkspace } from '../memoryWorkspace';
import { SITE, type Fixture } from './fixture';

/** The documents of a fixture, parsed once, by path. */
export class FixtureWorkspace {
  private readonly docs = new Map<string, RobotsDocument>();
  /** The files as the service sees them. */
  readonly workspace: MemoryWorkspace;

  constructor(readonly fixture: Fixture) {
    for (const f of fixture.files) this.docs.set(f.path, parseDocument(f.uri, 1, f.text));
    this.workspace = new MemoryWorkspace(Object.fromEntries(fixture.files.map((f) => [f.uri, f.text])));
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

  /** Context for `doValidation` of any file of the fixture. */
  validation(_filePath?: string, settings: ValidationSettings = {}): ValidationSettings {
    return { ...settings, workspace: this.workspace };
  }

  /** Context for definition, references, highlights and rename, and for the permission engine. */
  context(): WorkspaceContext {
    return { workspace: this.workspace };
  }
}

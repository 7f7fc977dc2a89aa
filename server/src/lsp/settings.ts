/**
 * User settings (section `robotsAcap`): a severity per diagnostic code and a problem limit.
 * Pulled per document with workspace/configuration where the client supports it, otherwise
 * taken from didChangeConfiguration or initializationOptions (Neovim and other clients).
 */
import type { Connection } from 'vscode-languageserver/node';
import { CODE_BY_NAME, DEFAULT_CRAWLERS, DEFAULT_MAX_PROBLEMS, PROFILES, SEVERITY_SETTINGS, type HoverSettings, type SeveritySetting, type ValidationSettings } from '../service';

/** Read the `robotsAcap` section leniently: unknown codes and bad values are ignored. */
export interface ServerSettings extends ValidationSettings, HoverSettings {
  /** The folder that is the site root for HTML pages (else the nearest folder with a robots.txt). */
  readonly siteRoot?: string;
}

export function readSettings(raw: unknown): ServerSettings {
  const section = (raw && typeof raw === 'object' && 'robotsAcap' in raw ? (raw as { robotsAcap: unknown }).robotsAcap : raw) as
    | { diagnostics?: unknown; maxProblems?: unknown; crawlers?: unknown; profile?: unknown; siteRoot?: unknown }
    | undefined;
  const severities: Record<string, SeveritySetting> = {};
  if (section && typeof section.diagnostics === 'object' && section.diagnostics !== null) {
    for (const [code, level] of Object.entries(section.diagnostics as Record<string, unknown>)) {
      if (CODE_BY_NAME.has(code) && typeof level === 'string' && (SEVERITY_SETTINGS as readonly string[]).includes(level)) {
        severities[code] = level as SeveritySetting;
      }
    }
  }
  const max = section?.maxProblems;
  const crawlers = Array.isArray(section?.crawlers) ? section.crawlers.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : undefined;
  const profile = PROFILES.find((p) => p === section?.profile);
  return {
    severities,
    maxProblems: typeof max === 'number' && max > 0 ? Math.floor(max) : DEFAULT_MAX_PROBLEMS,
    crawlers: crawlers ?? DEFAULT_CRAWLERS,
    profile: profile ?? 'rfc9309',
    ...(typeof section?.siteRoot === 'string' && section.siteRoot.trim() ? { siteRoot: section.siteRoot.trim() } : {}),
  };
}

/** How long a request waits for the client's answer to the settings request before it goes on without. */
const CONFIG_WAIT_MS = 3000;

export class Settings {
  private canPull = false;
  private pushed: ServerSettings = readSettings(undefined);
  private readonly perDocument = new Map<string, Promise<ServerSettings>>();
  /** The client's answers, per document, once they came. */
  private readonly answered = new Map<string, ServerSettings>();
  /**
   * Bumped whenever settings change, and when a document's settings come after requests went on
   * without them: a pull of diagnostics is computed again at a new generation.
   */
  generation = 0;

  /** Documents whose requests went on without the client's answer: told when it comes (`late`). */
  private readonly wentOn = new Set<string>();

  /** `late`: called with a document whose settings came after requests went on with the pushed ones. */
  constructor(private readonly connection: Connection, private readonly late: (uri: string) => void = () => undefined) {}

  setCanPull(canPull: boolean): void {
    this.canPull = canPull;
  }

  setPushed(raw: unknown): void {
    this.pushed = readSettings(raw);
  }

  changed(raw: unknown): void {
    this.generation++;
    this.perDocument.clear();
    this.answered.clear();
    this.wentOn.clear();
    // Only a notification that carries our section replaces pushed settings: `{}` or another
    // server's section says nothing about ours.
    if (!this.canPull && raw && typeof raw === 'object' && 'robotsAcap' in raw) this.pushed = readSettings(raw);
  }

  forget(uri: string): void {
    this.perDocument.delete(uri);
    this.answered.delete(uri);
    this.wentOn.delete(uri);
  }

  /**
   * The document's settings, asked of the client once per document (until settings change). A
   * request waits at most CONFIG_WAIT_MS for the answer, then goes on with the pushed settings
   * (the defaults, for a client that pushes none): a client that never answers held every hover
   * on the document, cancelled or not. The answer, when it comes, serves the requests after it,
   * and `late` is told, so that diagnostics made without it are made again.
   */
  forDocument(uri: string): Promise<ServerSettings> {
    if (!this.canPull) return Promise.resolve(this.pushed);
    const known = this.answered.get(uri);
    if (known) return Promise.resolve(known);
    let s = this.perDocument.get(uri);
    if (!s) {
      const asked: Promise<ServerSettings> = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'robotsAcap' })
        .then(readSettings, () => this.pushed)
        .then((settings) => {
          // Kept only while this request is the document's (settings may have changed since).
          if (this.perDocument.get(uri) === asked) {
            this.answered.set(uri, settings);
            // A new generation: a pull of diagnostics made without them is not answered "unchanged".
            if (this.wentOn.delete(uri)) {
              this.generation++;
              this.late(uri);
            }
          }
          return settings;
        });
      this.perDocument.set(uri, (s = asked));
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<ServerSettings>((resolve) => {
      timer = setTimeout(() => {
        this.wentOn.add(uri);
        resolve(this.pushed);
      }, CONFIG_WAIT_MS);
      // Never what keeps a Node process alive; a web worker's timer is a number, with no unref
      // (calling it there failed every request of the browser build).
      (timer as { unref?: () => void }).unref?.();
    });
    return Promise.race([s, late]).finally(() => clearTimeout(timer));
  }
}

/**
 * How `check` prints problems: text lines, JSON, SARIF 2.1.0 for code scanning, and GitHub
 * Actions workflow commands. Every format is a pure function of the problems.
 */
import * as path from 'node:path';
import { CODE_BY_NAME } from '../service';
import { SERVER_VERSION } from '../version';

export interface Problem {
  readonly file: string;
  readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
  readonly severity: string;
  readonly code: string;
  readonly message: string;
}

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators: anything that can end a
// line or move the cursor in a terminal.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A file name as text output shows it: as it is, or — when it holds a control character (a
 * newline could forge a problem line) — as a JSON string literal, `"a\nb.txt"`. Linear.
 */
export function escapeName(name: string): string {
  // JSON.stringify leaves DEL, the C1 controls (NEL...) and U+2028/9 as they are: escape them too.
  return CONTROL.test(name) ? JSON.stringify(name).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : name;
}

/** A message on one line: control characters (tab aside) as `\u00XX`. Linear. */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `FILE:LINE:COL: SEVERITY CODE MESSAGE`, 1-based, one problem per line. */
export function formatText(problems: readonly Problem[]): string {
  return problems.map((p) => `${escapeName(p.file)}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.severity} ${p.code} ${escapeControls(p.message)}\n`).join('');
}

// ---------------------------------------------------------------------------------------------
// GitHub Actions workflow commands (docs.github.com, "Workflow commands for GitHub Actions":
// `::warning file={name},line={line},endLine={endLine},col={col},endColumn={endColumn},title={title}::{message}`).

/** The message part: `%`, CR and LF escaped as the runner unescapes them. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: as the message, and `:` and `,` too, which end a property. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const GITHUB_COMMAND: Readonly<Record<string, string>> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** One `::error`/`::warning`/`::notice` line per problem (1-based lines and columns). */
export function formatGithub(problems: readonly Problem[]): string {
  return problems.map((p) => {
    const props = [
      `file=${escapeProperty(p.file)}`,
      `line=${p.range.start.line + 1}`,
      `endLine=${p.range.end.line + 1}`,
      `col=${p.range.start.character + 1}`,
      `endColumn=${p.range.end.character + 1}`,
      `title=${escapeProperty(p.code)}`,
    ];
    return `::${GITHUB_COMMAND[p.severity] ?? 'warning'} ${props.join(',')}::${escapeData(p.message)}\n`;
  }).join('');
}

// ---------------------------------------------------------------------------------------------
// SARIF 2.1.0 (OASIS, "Static Analysis Results Interchange Format Version 2.1.0").

const SARIF_LEVEL: Readonly<Record<string, SarifLevel>> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/**
 * The file as a SARIF artifact URI (§3.4.3, RFC 3986): a relative path stays a relative
 * reference with `/` separators, so code scanning resolves it against the repository root; an
 * absolute one becomes a `file:` URI; standard input is `stdin`. Each segment percent-encoded.
 */
export function artifactUri(file: string): string {
  if (file === '-') return 'stdin';
  const segments = file.split(path.sep).join('/').split('/').map((s) => encodeURIComponent(s));
  const rel = segments.join('/');
  return path.isAbsolute(file) ? `file://${rel}` : rel;
}

type SarifLevel = 'error' | 'warning' | 'note';

/** The part of the SARIF 2.1.0 object model this CLI writes (the shape @types/sarif's Log accepts). */
export interface SarifLog {
  version: '2.1.0';
  $schema: string;
  runs: {
    tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: SarifLevel }; properties: { spec: string } }[] } };
    columnKind: 'utf16CodeUnits';
    results: {
      ruleId: string;
      ruleIndex: number;
      level: SarifLevel;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }[];
    }[];
  }[];
}

/**
 * One run of robots-acap: the rules reported (each with its description, default level and the
 * specification section it enforces) and a result per problem. Regions are 1-based; endColumn is
 * the column after the last character (§3.30.7), so it is LSP's 0-based exclusive end plus one.
 * Columns count UTF-16 code units, as LSP does (columnKind, §3.14.17).
 */
export function toSarif(problems: readonly Problem[]): SarifLog {
  const ruleIds = [...new Set(problems.map((p) => p.code))].sort();
  const index = new Map(ruleIds.map((id, k) => [id, k]));
  const rules = ruleIds.map((id) => {
    const fact = CODE_BY_NAME.get(id);
    return {
      id,
      shortDescription: { text: fact?.description ?? id },
      defaultConfiguration: { level: SARIF_LEVEL[fact?.severity ?? 'warning'] },
      properties: { spec: fact ? `${fact.spec.doc} §${fact.spec.section}` : '' },
    };
  });
  const results = problems.map((p) => ({
    ruleId: p.code,
    ruleIndex: index.get(p.code) ?? 0,
    level: SARIF_LEVEL[p.severity] ?? 'warning',
    message: { text: p.message },
    locations: [{
      physicalLocation: {
        artifactLocation: { uri: artifactUri(p.file) },
        region: { startLine: p.range.start.line + 1, startColumn: p.range.start.character + 1, endLine: p.range.end.line + 1, endColumn: p.range.end.character + 1 },
      },
    }],
  }));
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'robots-acap', version: SERVER_VERSION, rules } }, columnKind: 'utf16CodeUnits', results }],
  };
}

/** The problems in `format`. */
export function formatProblems(problems: readonly Problem[], format: Format): string {
  switch (format) {
    case 'json':
      return JSON.stringify(problems, null, 2) + '\n';
    case 'sarif':
      return JSON.stringify(toSarif(problems), null, 2) + '\n';
    case 'github':
      return formatGithub(problems);
    case 'text':
      return formatText(problems);
  }
}

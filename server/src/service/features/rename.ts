/**
 * Rename of ACAP names — resource sets (Part 1 §2.4.4, §2.7.3) and locally-defined usages
 * (§2.4.1.3, §2.7.1, §2.7.2) — in a definition and every use that resolves to it, here and in the
 * files that read this one's definitions (§2.3.2). Only names are edited: never the parentheses
 * of `(name)` nor the `the-acap:resource-set:` prefix.
 *
 * A rename must not change what any line means, so it is refused (an Error whose message says
 * why) when the new name is not an ACAP name, or when the name is already defined or used where
 * the edited lines would see it: that definition would become a duplicate (ABNF §3: no two
 * qualified or composite usages — nor two resource sets — may share a name, case-insensitively),
 * or that use would start to mean the renamed definition.
 */
import { TextEdit, type Position, type Range, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { namesResourceSet, RESOURCE_SET_PREFIX } from '../facts/facts';
import { getModel } from '../model/model';
import { documentsInScope, findOccurrences, namespaceOf, rangeOf, symbolAt, usesIn, type Namespace, type SymbolOccurrences } from './navigation';
import { referencingDocuments, type WorkspaceContext } from '../syntax/workspace';
import { isAcapName } from '../acap/values';

/**
 * The range of the name under the cursor — what the editor offers to rename — or null when the
 * cursor is on no resource-set or local-usage name. Whether the rename can go through is
 * decided by doRename, which knows the new name and the other files.
 */
export function prepareRename(doc: RobotsDocument, position: Position): Range | null {
  const symbol = symbolAt(doc, position);
  return symbol ? rangeOf(symbol) : null;
}

/**
 * Rename the symbol at the position to `newName` (kept as typed: names are case-insensitive, so
 * a change of case alone is a valid rename). Null when the cursor is on no name; throws an Error
 * saying why when the rename would be invalid or would change the file's meaning.
 */
export function doRename(doc: RobotsDocument, position: Position, newName: string, ctx?: WorkspaceContext): WorkspaceEdit | null {
  const found = findOccurrences(doc, position, ctx);
  if (!found) return null;
  const { symbol, target } = found;
  const problem = nameProblem(newName, symbol.namespace);
  if (problem) throw new Error(problem);
  if (!target) {
    const where = referencingDocuments(ctx?.workspace, doc).length ? 'in this file or in the files that refer to it' : 'in this file';
    throw new Error(`‘${symbol.name}’ is not defined ${where} (Part 1 §${symbol.namespace === 'resource-set' ? '2.4.4' : '2.4.1.3'}), so there is no definition to rename. Define it first, or edit this use by hand.`);
  }
  if (newName.toLowerCase() !== symbol.name) {
    const collision = collisionProblem(doc, found, newName, ctx);
    if (collision) throw new Error(collision);
  }
  const changes: Record<string, TextEdit[]> = {};
  for (const o of found.occurrences) (changes[o.document.uri] ??= []).push(TextEdit.replace(rangeOf(o.site), newName));
  return { changes };
}

function describe(namespace: Namespace): string {
  return namespace === 'resource-set' ? 'resource set' : 'local usage';
}

/** ABNF §3: name-start-char *name-char — a letter, then letters, digits, `-`, `_` or `.`. */
function nameProblem(newName: string, namespace: Namespace): string | undefined {
  if (isAcapName(newName)) return undefined;
  const bare = /^\((.*)\)$/.exec(newName)?.[1]
    ?? (namesResourceSet(newName) ? newName.slice(RESOURCE_SET_PREFIX.length) : undefined);
  if (bare !== undefined && isAcapName(bare)) {
    return `Give the name alone, ‘${bare}’: the parentheses and the ‘${RESOURCE_SET_PREFIX}’ prefix stay where they are.`;
  }
  if (newName === '') return `Give a new name for the ${describe(namespace)}.`;
  return `‘${newName}’ is not a valid ${describe(namespace)} name: start with a letter, then use letters, digits, ‘-’, ‘_’ or ‘.’ (Part 1 §3).`;
}

/**
 * Why the new name would change meaning, if it would. In each document the rename edits, the
 * new name must be neither defined nor used (a use would be captured, a definition duplicated);
 * in the files that refer to an edited document it must not be defined either, since the edited
 * uses could resolve there (§2.4.1.3).
 */
function collisionProblem(doc: RobotsDocument, found: SymbolOccurrences, newName: string, ctx: WorkspaceContext | undefined): string | undefined {
  const { namespace } = found.symbol;
  const lower = newName.toLowerCase();
  const edited = new Set(found.occurrences.map((o) => o.document.uri));
  const where = (d: RobotsDocument, line: number): string => `line ${line + 1}${d.uri === doc.uri ? '' : ` of ${d.uri}`}`;
  const shared = namespace === 'local-usage' ? 'qualified and composite usages share one set of names, and ' : '';
  for (const { document, referencing } of documentsInScope(doc, ctx)) {
    if (!edited.has(document.uri)) continue;
    for (const d of [document, ...referencing]) {
      const clash = getModel(d).definitions.find((x) => x.name === lower && namespaceOf(x) === namespace);
      if (clash) {
        const kind = clash.kind === 'resource-set' ? 'resource set' : clash.kind === 'qualified-usage' ? 'qualified usage' : 'composite usage';
        return `‘${newName}’ is already the name of a ${kind}, on ${where(d, clash.line)}; ${shared}names are case-insensitive (Part 1 §3). Choose another name.`;
      }
    }
    const use = usesIn(document, namespace, lower)[0];
    if (use) {
      return `‘${newName}’ is already used on ${where(document, use.line)}; after the rename that use would mean this ${describe(namespace)}. Choose another name.`;
    }
  }
  return undefined;
}

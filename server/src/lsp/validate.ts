/**
 * The shape of every request and notification the server handles, checked before any handler
 * runs (issue 12 point 5): a request whose parameters do not have the types LSP gives them is
 * answered with InvalidParams and a message naming the bad field — never an internal error — and
 * such a notification is dropped with a log line. Cost: linear in the size of the parameters
 * (the arrays are walked once).
 */

type Check = (v: unknown, at: string) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** uinteger in LSP: 0 to 2^31 - 1. */
const uinteger: Check = (v, at) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0x7fffffff ? undefined : `${at} must be a whole number from 0 to 2147483647`);
const integer: Check = (v, at) => (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 0x7fffffff ? undefined : `${at} must be a whole number`);
const string: Check = (v, at) => (typeof v === 'string' ? undefined : `${at} must be a string`);
const boolean: Check = (v, at) => (typeof v === 'boolean' ? undefined : `${at} must be true or false`);
const number: Check = (v, at) => (typeof v === 'number' && Number.isFinite(v) ? undefined : `${at} must be a number`);

function optional(check: Check): Check {
  return (v, at) => (v === undefined || v === null ? undefined : check(v, at));
}

function oneOf(...values: readonly string[]): Check {
  return (v, at) => (typeof v === 'string' && values.includes(v) ? undefined : `${at} must be one of ${values.join(', ')}`);
}

function object(fields: Readonly<Record<string, Check>>): Check {
  return (v, at) => {
    if (!isObject(v)) return `${at} must be an object`;
    for (const [name, check] of Object.entries(fields)) {
      const problem = check(v[name], `${at}.${name}`);
      if (problem) return problem;
    }
    return undefined;
  };
}

function array(item: Check, max = 100_000): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at} must be an array`;
    if (v.length > max) return `${at} has ${v.length} items, more than ${max}`;
    for (let i = 0; i < v.length; i++) {
      const problem = item(v[i], `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  };
}

const uri: Check = (v, at) => (typeof v === 'string' && v.length > 0 && v.length <= 8192 ? undefined : `${at} must be a URI`);
const position = object({ line: uinteger, character: uinteger });
const range = object({ start: position, end: position });
const textDocument = object({ uri });
const diagnostic = object({ range, message: string });

const byTextDocument = object({ textDocument });
const byPosition = object({ textDocument, position });
const byRange = object({ textDocument, range });

/** Parameter shapes by method; methods not listed are left to vscode-languageserver. */
export const PARAMS: Readonly<Record<string, Check>> = {
  'textDocument/hover': byPosition,
  'textDocument/completion': object({ textDocument, position, context: optional(object({ triggerKind: integer })) }),
  'textDocument/definition': byPosition,
  'textDocument/references': object({ textDocument, position, context: object({ includeDeclaration: boolean }) }),
  'textDocument/documentHighlight': byPosition,
  'textDocument/prepareRename': byPosition,
  'textDocument/rename': object({ textDocument, position, newName: string }),
  'textDocument/codeAction': object({ textDocument, range, context: object({ diagnostics: array(diagnostic), only: optional(array(string)), triggerKind: optional(integer) }) }),
  'textDocument/documentSymbol': byTextDocument,
  'textDocument/foldingRange': byTextDocument,
  'textDocument/selectionRange': object({ textDocument, positions: array(position, 10_000) }),
  'textDocument/documentLink': byTextDocument,
  'textDocument/semanticTokens/full': byTextDocument,
  'textDocument/semanticTokens/range': byRange,
  'textDocument/inlayHint': byRange,
  'textDocument/formatting': object({ textDocument, options: object({ tabSize: number, insertSpaces: boolean }) }),
  'textDocument/rangeFormatting': object({ textDocument, range, options: object({ tabSize: number, insertSpaces: boolean }) }),
  'textDocument/diagnostic': object({ textDocument, previousResultId: optional(string), identifier: optional(string) }),
  'robotsAcap/explain': object({ textDocument, query: object({ agent: string, path: string, usage: optional(string), purpose: optional(string), profile: optional(string), reading: optional(string) }) }),
  'robotsAcap/queryOptions': object({ textDocument, position: optional(position) }),
  'robotsAcap/permissions': object({ textDocument, path: string }),
  'robotsAcap/status': byTextDocument,
  'robotsAcap/convert': object({ textDocument, to: oneOf('acap', 'rep'), reading: optional(oneOf('crawl', 'index')), ignoreConventional: optional(boolean) }),
  'robotsAcap/diff': object({ textDocument, oldText: string, oldLabel: optional(string) }),
  'textDocument/codeLens': byTextDocument,
  'textDocument/semanticTokens/full/delta': object({ textDocument, previousResultId: string }),
  'textDocument/didOpen': object({ textDocument: object({ uri, languageId: string, version: integer, text: string }) }),
  'textDocument/didChange': object({
    textDocument: object({ uri, version: integer }),
    contentChanges: array(object({ text: string, range: optional(range) }), 1_000_000),
  }),
  'textDocument/didClose': byTextDocument,
  // A code action as listed (its data is checked where it is read: conversionDataProblem).
  'codeAction/resolve': object({ title: string }),
  // Any settings, pushed or not: only the object around them is required.
  'workspace/didChangeConfiguration': object({}),
};

/** Why `params` do not fit `method`, or undefined when they do (or the method is not checked here). */
export function paramsProblem(method: string, params: unknown): string | undefined {
  const check = PARAMS[method];
  return check ? check(params, 'params') : undefined;
}

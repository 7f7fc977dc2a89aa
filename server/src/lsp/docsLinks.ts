/**
 * Diagnostic codes linked to their documentation (LSP `codeDescription`): docs/diagnostics.md,
 * shipped with the extension, has an anchor per code. The client says where the file is
 * (initializationOptions.docsUri); other clients get no links.
 */
import type { Diagnostic } from 'vscode-languageserver';

export function linkDocs(diagnostics: Diagnostic[], docsUri: string | undefined): Diagnostic[] {
  if (!docsUri) return diagnostics;
  for (const d of diagnostics) if (typeof d.code === 'string') d.codeDescription = { href: `${docsUri}#${d.code}` };
  return diagnostics;
}

/**
 * Files the engine may read: ACAP-permissions-reference targets, resolved against the folder of
 * the robots.txt that names them (the site root), from open documents first, then from disk.
 * Nothing is ever fetched over the network: a URL resolves to nothing.
 */
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseDocument, type RobotsDocument } from './service/languageService';
import type { DocumentStore } from './documentStore';

const MAX_REFERENCE_BYTES = 5 * 1024 * 1024;

export function referenceResolver(documents: DocumentStore): (locator: string, from: RobotsDocument) => RobotsDocument | undefined {
  return (locator, from) => {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(locator) || !from.uri.startsWith('file:')) return undefined;
    const root = path.dirname(fileURLToPath(from.uri));
    const file = path.resolve(root, locator.replace(/^\/+/, ''));
    if (file !== root && !file.startsWith(root + path.sep)) return undefined;
    const uri = pathToFileURL(file).toString();
    const open = documents.get(uri);
    if (open) return open;
    try {
      if (statSync(file).size > MAX_REFERENCE_BYTES) return undefined;
      return parseDocument(uri, 0, readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
  };
}

/** The language status item's text (no VS Code API: unit-tested). */
import type { DocumentStatus } from '../../server/src/protocol';

export function statusText(s: DocumentStatus): { text: string; detail: string } {
  const reading = s.reading === 'acap' ? `ACAP ${s.acapVersion ?? '(no version)'}` : 'conventional';
  return {
    text: `robots.txt: ${reading} · ${s.profile}`,
    detail: `${s.groups} conventional group${s.groups === 1 ? '' : 's'}, ${s.records} ACAP record${s.records === 1 ? '' : 's'}; conventional lines read as ${s.profile}`,
  };
}


/**
 * Telling a binary file from a text file before checking it (issue 15, defect 10: an image given
 * to `check` produced 1,000 warnings and exit 0). A robots.txt or an HTML page is text: a stray NUL
 * or a Latin-1 byte is a problem to report on its line, but a file where many bytes are NUL, other
 * control characters or invalid UTF-8 is not one to check at all.
 */

/** How much of the file is looked at: enough for any signature, bounded for large files. */
const SAMPLE = 64 * 1024;
/** Share of suspicious bytes from which a file is binary (text in any 8-bit code page stays far below). */
const RATIO = 0.1;

/**
 * Why the bytes are not text, or undefined when they are. Suspicious: NUL, C0 controls other than
 * tab, LF, VT, FF, CR and ESC, and bytes of invalid UTF-8 sequences. Cost: one pass over at most
 * SAMPLE bytes.
 */
export function binaryReason(bytes: Uint8Array): string | undefined {
  const n = Math.min(bytes.length, SAMPLE);
  if (n === 0) return undefined;
  if (n >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return 'it is UTF-16 text (it starts with a UTF-16 byte-order mark); robots.txt must be UTF-8 (RFC 9309 §2.3): re-save it as UTF-8';
  }
  let nul = 0;
  let bad = 0;
  for (let i = 0; i < n;) {
    const b = bytes[i];
    if (b < 0x80) {
      if (b === 0) nul++;
      else if (b < 0x20 && !(b >= 0x09 && b <= 0x0d) && b !== 0x1b) bad++;
      i++;
      continue;
    }
    // The length of a well-formed UTF-8 sequence starting here, or 0.
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    let ok = need > 0;
    for (let k = 1; ok && k <= need; k++) ok = i + k < bytes.length && (bytes[i + k] & 0xc0) === 0x80;
    if (ok) {
      i += need + 1;
    } else {
      bad++;
      i++;
    }
  }
  if ((nul + bad) / n < RATIO) return undefined;
  const what = nul ? `${nul} NUL byte${nul === 1 ? '' : 's'}` : `${bad} bytes that are neither UTF-8 text nor line breaks`;
  return `it looks like a binary file (${what} in its first ${n} bytes), not a robots.txt or an HTML page`;
}

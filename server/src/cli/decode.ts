/**
 * UTF-8 decoding that remembers where the bytes were invalid. Follows the WHATWG decoder's
 * replacement rule (one U+FFFD per maximal invalid subpart), so the text is exactly what an
 * editor shows, and keeps a BOM in the text so the checks can report it.
 */
export interface InvalidBytes {
  /** UTF-16 offset of the U+FFFD that replaced the bytes in the decoded text. */
  readonly offset: number;
  readonly byteOffset: number;
  readonly bytes: readonly number[];
}

export interface Decoded {
  readonly text: string;
  readonly invalid: readonly InvalidBytes[];
}

export function decodeUtf8(buf: Uint8Array): Decoded {
  const parts: string[] = [];
  const invalid: InvalidBytes[] = [];
  let chunk: number[] = [];
  let length = 0;
  const flush = (): void => {
    if (chunk.length) {
      parts.push(String.fromCharCode(...chunk));
      chunk = [];
    }
  };
  const emit = (cp: number): void => {
    if (cp > 0xffff) {
      cp -= 0x10000;
      chunk.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
      length += 2;
    } else {
      chunk.push(cp);
      length += 1;
    }
    if (chunk.length > 8192) flush();
  };
  let i = 0;
  const n = buf.length;
  while (i < n) {
    const b = buf[i];
    if (b < 0x80) {
      emit(b);
      i++;
      continue;
    }
    let need = 0;
    let cp = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 0x1f; }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; cp = b & 0x0f; if (b === 0xe0) lower = 0xa0; if (b === 0xed) upper = 0x9f; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; cp = b & 0x07; if (b === 0xf0) lower = 0x90; if (b === 0xf4) upper = 0x8f; }
    const start = i;
    if (need === 0) {
      invalid.push({ offset: length, byteOffset: start, bytes: [b] });
      emit(0xfffd);
      i++;
      continue;
    }
    let j = i + 1;
    let ok = true;
    for (let k = 0; k < need; k++, j++) {
      const c = j < n ? buf[j] : -1;
      if (c < lower || c > upper) { ok = false; break; }
      cp = (cp << 6) | (c & 0x3f);
      lower = 0x80;
      upper = 0xbf;
    }
    if (ok) {
      emit(cp);
      i = j;
    } else {
      // The maximal subpart (the lead byte and the valid continuation bytes seen) becomes one U+FFFD.
      invalid.push({ offset: length, byteOffset: start, bytes: Array.from(buf.subarray(start, j)) });
      emit(0xfffd);
      i = j;
    }
  }
  flush();
  return { text: parts.join(''), invalid };
}

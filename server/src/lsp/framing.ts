/**
 * Base-protocol framing over stdio: reading kept in step whatever the client sends, and writing
 * each message in one piece (FrameWriter, at the end).
 *
 * vscode-jsonrpc's stream reader, given a header without a numeric Content-Length, reports an
 * error and leaves the rest of the stream where it was: every later message is then read as part
 * of a broken header, or waits for a body that never comes, and the server answers nothing more,
 * silently (issue 12); so does a header it reads differently from this filter (a stray line break
 * before it, a line without a colon). This filter stands in front of it: a message with a numeric
 * Content-Length passes through with its header written anew as `Content-Length: N` alone; a
 * malformed header (no Content-Length, a value that is not a number, or one beyond
 * MAX_MESSAGE_BYTES) is reported through `onMalformed` and skipped, and reading resumes at the
 * next `Content-Length:`, which may stand inside the refused header itself. Cost: linear in the
 * bytes read; at most one message is held.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';

/** The largest message accepted: past it a length is taken for garbage, not waited for. */
export const MAX_MESSAGE_BYTES = 1024 * 1024 * 1024;
/** A header block longer than this without its blank line is garbage too. */
const MAX_HEADER_BYTES = 8 * 1024;

const SEPARATOR = Buffer.from('\r\n\r\n', 'ascii');
const CONTENT_LENGTH = Buffer.from('content-length:', 'ascii');

/** Where the next header could start: a `Content-Length:` at `from` or later, any case. O(n). */
function nextHeader(buf: Buffer, from: number): number {
  for (let i = from; i <= buf.length - CONTENT_LENGTH.length; i++) {
    let ok = true;
    for (let k = 0; k < CONTENT_LENGTH.length && ok; k++) ok = (buf[i + k] | 0x20) === CONTENT_LENGTH[k] || buf[i + k] === CONTENT_LENGTH[k];
    if (ok) return i;
  }
  return -1;
}

export class FramingFilter extends Transform {
  /** Messages passed on so far (their headers, at least). */
  frames = 0;
  private buffer: Buffer = Buffer.alloc(0);
  /** Body bytes still to pass through for the current message. */
  private remaining = 0;
  /** After a bad header: drop bytes until the next `Content-Length:`. */
  private resync = false;

  constructor(private readonly onMalformed: (why: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let data: Buffer = chunk;
    // Each turn passes body bytes through, or consumes a header, or waits for more data.
    for (;;) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, data.length);
        if (take === 0) break;
        this.push(data.subarray(0, take));
        this.remaining -= take;
        data = data.subarray(take);
        continue;
      }
      if (data.length) this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
      data = Buffer.alloc(0);
      if (this.buffer.length === 0) break;
      if (this.resync) {
        const next = nextHeader(this.buffer, 0);
        if (next < 0) {
          // Keep what could be the start of a `Content-Length:` cut by the chunk boundary.
          this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - CONTENT_LENGTH.length + 1));
          break;
        }
        this.buffer = this.buffer.subarray(next);
        this.resync = false;
      }
      const end = this.buffer.indexOf(SEPARATOR);
      if (end < 0) {
        if (this.buffer.length > MAX_HEADER_BYTES) this.refuse('a header without its blank line', 1);
        else break;
        continue;
      }
      const length = this.contentLength(this.buffer.subarray(0, end).toString('latin1'));
      if (typeof length === 'string') {
        // The next header may stand inside this one (`garbageContent-Length: …` written with no
        // line break between): look from its second byte, not past it.
        this.refuse(length, 1);
        continue;
      }
      // The header as the library's reader accepts every one of its forms: a stray line break
      // before it, a line without a colon, a space around the name or a CR before the CRLF,
      // passed through as written, left that reader out of step for good.
      this.push(Buffer.from(`Content-Length: ${length}\r\n\r\n`, 'ascii'));
      this.frames++;
      this.remaining = length;
      data = this.buffer.subarray(end + SEPARATOR.length);
      this.buffer = Buffer.alloc(0);
    }
    done();
  }

  /** The header's Content-Length, or why the header is refused. */
  private contentLength(header: string): number | string {
    let value: string | undefined;
    for (const line of header.split(/\r?\n|\r/)) {
      const colon = line.indexOf(':');
      if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-length') value = line.slice(colon + 1).trim();
    }
    if (value === undefined) return `a header without Content-Length: ${JSON.stringify(header.slice(0, 200))}`;
    if (!/^\d{1,15}$/.test(value)) return `a Content-Length that is not a number: ${JSON.stringify(value.slice(0, 50))}`;
    const n = Number(value);
    if (n > MAX_MESSAGE_BYTES) return `a Content-Length of ${n} bytes, more than the ${MAX_MESSAGE_BYTES} accepted`;
    return n;
  }

  /** Report a bad header, drop the bytes before `from`, and look for the next header. */
  private refuse(why: string, from: number): void {
    this.onMalformed(`${why}; skipped to the next message`);
    this.buffer = this.buffer.subarray(from);
    this.resync = true;
  }
}

/**
 * Writes each message as one frame in one write: its header and its body together. The library's
 * stream writer writes the header, waits for that write's callback, then writes the body, so
 * whatever the event loop runs meanwhile runs before the answer leaves: through the server, the
 * body of a hover's answer right after an edit followed its header by up to 3.5 ms.
 * The bytes are the same (JSON, UTF-8, `Content-Length` in bytes); the stream keeps the order of
 * the writes, so no lock is needed. O(message).
 *
 * The writer is closed (onClose, once) as soon as the stream fails, not only when it closes: a
 * write that failed (EPIPE: the client closed the pipe) means nothing written after reaches the
 * client. process.stdout, which Node never destroys, calls back the failed write before its
 * 'error' and 'close', and fails every later write the same way.
 */
export class FrameWriter extends AbstractMessageWriter implements MessageWriter {
  private errors = 0;
  private closed = false;

  /** `written`: told of each message once its frame is handed to the stream. */
  constructor(private readonly out: NodeJS.WritableStream, private readonly written: (msg: Message) => void = () => undefined) {
    super();
    out.on('error', (err: Error) => {
      this.fireError(err);
      this.close();
    });
    out.on('close', () => this.close());
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.fireClose();
  }

  write(msg: Message): Promise<void> {
    let frame: string;
    try {
      const body = JSON.stringify(msg);
      frame = `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
    } catch (err) {
      // A message that cannot be written (a cycle, a BigInt) is refused, as the library's writer
      // refuses it: through the promise and onError, never by throwing at the caller.
      this.fireError(err, msg, ++this.errors);
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) => {
      this.out.write(frame, 'utf8', (err?: Error | null) => {
        if (!err) return resolve();
        this.fireError(err, msg, ++this.errors);
        this.close();
        reject(err);
      });
      this.written(msg);
    });
  }

  end(): void {
    this.out.end();
  }
}

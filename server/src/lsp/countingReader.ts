/**
 * A message reader that tells `read` of each message it hands on, and of each one it could not
 * read (an error, `read()` with nothing): both servers count the messages read against those
 * handed to their handlers. The Node server keeps its connection open at the end of its input
 * (`passClose` false: a closed connection refuses to send, and the answers of the messages read
 * before the end must still leave; the server exits itself once they have).
 */
import { Event, type DataCallback, type Disposable, type Message, type MessageReader, type RequestMessage } from 'vscode-languageserver';

/**
 * Whether a message is counted: every one but `$/cancelRequest`, on which the library acts as it
 * reads it when the request is running, and which it hands on otherwise.
 */
export const counted = (message: unknown): boolean => (message as Partial<RequestMessage> | null)?.method !== '$/cancelRequest';

export class CountingReader implements MessageReader {
  constructor(private readonly inner: MessageReader, private readonly read: (message?: Message) => void, private readonly passClose = true) {
    inner.onError(() => read());
  }

  get onError(): MessageReader['onError'] {
    return this.inner.onError;
  }

  get onClose(): MessageReader['onClose'] {
    return this.passClose ? this.inner.onClose : Event.None;
  }

  get onPartialMessage(): MessageReader['onPartialMessage'] {
    return this.inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      this.read(message);
      callback(message);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }
}

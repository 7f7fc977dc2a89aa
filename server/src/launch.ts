/**
 * How the language server's process is started: the Node flags the VS Code client gives it
 * (client/src/extension.ts), the benches start it with (test/bench), and the README's
 * configurations for other editors pass before `dist/server.js`.
 *
 * `--v8-pool-size=0`: V8's helper threads — the compiler that optimises code in the background,
 * the collector's parallel and concurrent work — as many as Node estimates the machine can run
 * beside the main thread (one fewer than its processors), where Node's default is 4 whatever the
 * machine. On a machine of 2 processors (a small cloud machine, a codespace) the 4 helpers took
 * the processors from the server's own thread and from the editor while it was answering: through
 * the server on the largest real file (`npm run bench`, three runs each, alternating), the 95th
 * percentile of a keystroke's diagnostics was 2.8–4.5 ms with the default and 2.1 ms with the
 * helpers sized to the machine, of the first hundred hovers 1.5–4.4 ms and 2.2–2.6 ms; the open
 * and the medians did not move. On machines of more processors the pool grows with them.
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--v8-pool-size=0'];

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
 *
 * `--initial-old-space-size=64`: no full collection of the old generation before it holds 64 MiB
 * (after the first, V8 sizes the generation from what survived, as always). With V8's default a
 * fresh server opening the largest real file (3.7 MB) started marking the heap as the file's
 * 47,000 lines were kept, and finished with a full collection before the diagnostics: the marking
 * took the helper thread that compiles the hot code, and its write barrier slowed every line
 * stored. Through the server (a script timing didOpen → diagnostics in a fresh server, eight
 * servers each, alternating), the open took 112–170 ms (median 126) with V8's default, 106–119 ms
 * (median 112) with this flag, and 99–118 ms (median 113) with 32 MiB, the least that kept the
 * collection out of that open; 64 leaves room for files twice its size. Memory is not held: it is
 * a threshold, and a server with small files keeps little in its old generation (most of what a
 * request makes dies young).
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--v8-pool-size=0', '--initial-old-space-size=64'];

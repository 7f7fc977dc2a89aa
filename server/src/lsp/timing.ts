/**
 * When both servers run the work nobody waits on (server.ts, browserServer.ts): the slices long
 * work is cut into, and how long a document or the connection must be quiet before the answers a
 * hover will ask are built ahead (prepareAnswersSteps).
 */

/**
 * How long long work runs before the event loop gets a turn: the work is written in steps
 * (service/syntax/steps.ts), and between slices of this length a `$/cancelRequest`, an edit or
 * another request is read. A cancelled request stops within about one slice.
 */
export const SLICE_MS = 15;

/** How long after an answer someone waited on, or any message read, idle work waits before it runs a slice. */
export const IDLE_AFTER_MS = 100;

/**
 * How long a document must be quiet (no edit since its diagnostics) before what a hover will ask
 * is built (prepareAnswersSteps). Longer than the pause between keystrokes, so that typing never
 * runs it; shorter than the time a person takes to reach for a hover.
 */
export const PREPARE_AFTER_MS = 400;

/**
 * The same after the first diagnostics of a document just opened, and not edited since: on the
 * largest real file a hover 400 ms after them answers in 7–9 ms through the server (250 ms after,
 * 6–94 ms; with the delay of edits, it built the indexes itself: 170–205 ms). Not at once:
 * documents opened one after another (a workspace restored, a file closed and opened again) are
 * not held up by the previous one's preparation.
 */
export const PREPARE_AFTER_OPEN_MS = 100;

/** Entry point of dist/cli.js (the package's `robots-acap` bin). */
import { EXIT_BROKEN_PIPE, main } from './main';

// Node ignores SIGPIPE, so a closed pipe (`robots-acap check . | head`) surfaces as an EPIPE error
// event after the writes; without a listener it would print a stack trace. End quietly instead,
// with the status of a program killed by SIGPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT_BROKEN_PIPE);
    throw err;
  });
}

process.exitCode = main(process.argv.slice(2));

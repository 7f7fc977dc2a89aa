/** Entry point of dist/cli.js (the package's `robots-acap` bin). */
import { main } from './main';

process.exitCode = main(process.argv.slice(2));

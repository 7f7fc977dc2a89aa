/** Filled in by esbuild from package.json; the fallbacks serve tests run from source. */
declare const __SERVER_VERSION__: string | undefined;

export const SERVER_NAME = 'robots-acap';
export const SERVER_VERSION: string = typeof __SERVER_VERSION__ === 'string' ? __SERVER_VERSION__ : '0.0.0-dev';

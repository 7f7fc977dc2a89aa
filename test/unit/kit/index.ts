/**
 * The test kit: one fixture format (`|` cursor, `#  ^^^ severity code` annotations, `#- /path`
 * sections), one `positionAt`, multi-file fixtures as the service's context, and the diagnostics
 * assertions. See each module's comment.
 */
export * from './positions';
export * from './fixture';
export * from './workspace';
export * from './diagnostics';

import type BetterSqlite3 from 'better-sqlite3';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/**
 * better-sqlite3 for the Node.js running: version 13 from Node 22 on (Node 24.19 and later abort
 * version 12 when it frees a statement, nodejs/node#65446), version 12 on Node 20 (13 crashes there).
 * Both have the same API, typed by @types/better-sqlite3.
 */
export const SQLite: typeof BetterSqlite3 =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- chosen at run time, not at build time
  NODE_MAJOR >= 22 ? require('better-sqlite3-v13') : require('better-sqlite3');

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { MAX_ENTRY_BYTES, restoreBackup } from '../backup/restore';
import { claimStoppedSite } from '../backup/siteLock';
import { migrateToLatest, openDatabase } from '../db';
import { openStorage } from '../storage/open';
import { run, say } from './common';

const MB = 1024 * 1024;
const USAGE =
  'Usage: npm run restore -- FILE [--replace] [--max-entry-mb N]\n' +
  'Loads a backup into the site named by DATA_DIR / DATABASE_URL / STORAGE_URL (SQLite or PostgreSQL, whichever the backup came from).\n' +
  'Checks the whole archive first and changes nothing unless all of it restores. Refuses a site that has content, unless --replace\n' +
  'is given: then that content is deleted first, and the site must be stopped. Files or rows larger than --max-entry-mb\n' +
  `(default ${MAX_ENTRY_BYTES / MB}) are refused.`;

/** `npm run restore -- FILE`. */
run(async () => {
  const { values, positionals } = parseArgs({
    options: { replace: { type: 'boolean' }, 'max-entry-mb': { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  const [file] = positionals;
  const maxEntryMb = Number(values['max-entry-mb'] ?? MAX_ENTRY_BYTES / MB);
  if (values.help || !file || !(maxEntryMb > 0)) {
    say(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  // The places loadConfig reads, without its generating signing secrets: a refused restore must leave
  // no fresh ones behind, and a good one writes the backup's.
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ dataDir, databaseUrl });
  const storage = openStorage({ dataDir, storageUrl: process.env.STORAGE_URL || undefined });
  try {
    // Before the migrations too: a running site's database is not touched at all.
    const release = values.replace ? await claimStoppedSite(handle, databaseUrl, dataDir) : undefined;
    try {
      await migrateToLatest(handle.db);
      const report = await restoreBackup(handle, storage, dataDir, path.resolve(file), { replace: values.replace, maxEntryBytes: maxEntryMb * MB });
      say(`Restored ${path.resolve(file)} (taken ${report.manifest.createdAt} from ${report.manifest.dialect}) into ${handle.dialect}:`);
      for (const [table, count] of Object.entries(report.rows)) say(`  ${table}: ${count} rows (as recorded)`);
      say(`  files: ${report.files} (${report.bytes} bytes, every SHA-256 as recorded)`);
      say(`  signing secrets: ${report.secrets}`);
      say('Start the site (npm start) to serve it.');
    } finally {
      await release?.();
    }
  } finally {
    storage.close?.();
    await handle.db.destroy();
  }
});

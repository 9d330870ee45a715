import path from 'node:path';
import { parseArgs } from 'node:util';

import { restoreBackup } from '../backup/restore';
import { loadConfig } from '../config';
import { openStorage } from '../storage/open';
import { openMigratedDatabase, run, say } from './common';

const USAGE =
  'Usage: npm run restore -- FILE [--replace]\n' +
  'Loads a backup into the site named by DATA_DIR / DATABASE_URL (SQLite or PostgreSQL, whichever the backup came from).\n' +
  'Refuses a site that has content, unless --replace is given: then that content is deleted first. Stop the site while restoring.';

/** `npm run restore -- FILE`. */
run(async () => {
  const { values, positionals } = parseArgs({ options: { replace: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true });
  const [file] = positionals;
  if (values.help || !file) {
    say(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = await openMigratedDatabase();
  const storage = openStorage(config);
  try {
    const report = await restoreBackup(handle, storage, config.dataDir, path.resolve(file), { replace: values.replace });
    say(`Restored ${path.resolve(file)} (taken ${report.manifest.createdAt} from ${report.manifest.dialect}) into ${handle.dialect}:`);
    for (const [table, count] of Object.entries(report.rows)) say(`  ${table}: ${count} rows (as recorded)`);
    say(`  files: ${report.files} (${report.bytes} bytes, every SHA-256 as recorded)`);
    say(`  signing secrets: ${report.secrets}`);
    say('Start the site (npm start) to serve it.');
  } finally {
    storage.close?.();
    await handle.db.destroy();
  }
});

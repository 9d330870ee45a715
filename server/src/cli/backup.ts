import path from 'node:path';

import { createBackup } from '../backup/backup';
import { loadConfig } from '../config';
import { openStorage } from '../storage/open';
import { openMigratedDatabase, run, say } from './common';

const USAGE =
  'Usage: npm run backup -- FILE\n' + 'Writes the database, the uploaded files and the signing secrets to one archive (a tar file), while the site runs.';

/** `npm run backup -- FILE`. */
run(async () => {
  const [file] = process.argv.slice(2);
  if (!file || file.startsWith('-')) {
    say(USAGE);
    process.exitCode = file === '--help' ? 0 : 2;
    return;
  }
  const config = loadConfig();
  const handle = await openMigratedDatabase();
  const storage = openStorage(config);
  try {
    const manifest = await createBackup(handle, storage, config.secrets, path.resolve(file));
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    say(`Backup written to ${path.resolve(file)} (${handle.dialect} database, schema ${manifest.migrations.at(-1) ?? 'empty'}):`);
    for (const [table, count] of Object.entries(manifest.rows)) say(`  ${table}: ${count} rows`);
    say(`  files: ${manifest.files.length} (${bytes} bytes, each with its SHA-256)`);
    say('  signing secrets: included (keep the archive as private as the secrets themselves)');
  } finally {
    storage.close?.();
    await handle.db.destroy();
  }
});

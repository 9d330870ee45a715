import { parseArgs } from 'node:util';

import { loadConfig } from '../config';
import { checkMedia, removeOrphans } from '../services/mediaCheck';
import { openStorage } from '../storage/open';
import { openMigratedDatabase, run, say } from './common';

const USAGE =
  'Usage: npm run media:check [-- --fix]\n' +
  'Lists stored files that no image or document points at (orphans) and images or documents whose file is missing.\n' +
  'With --fix, removes the orphans; a file that a row points at is never removed. Exits with 1 while something is wrong.';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** `npm run media:check`: compares the storage (DATA_DIR/media or STORAGE_URL) with the database. */
run(async () => {
  const { values } = parseArgs({ options: { fix: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) {
    say(USAGE);
    return;
  }
  const config = loadConfig();
  const handle = await openMigratedDatabase();
  const storage = openStorage(config);
  try {
    const site = { db: handle.db, storage };
    const report = await checkMedia(site);
    const orphanBytes = report.orphans.reduce((sum, file) => sum + file.size, 0);
    say(`Orphan files (stored, pointed at by no row): ${report.orphans.length} (${megabytes(orphanBytes)})`);
    for (const file of report.orphans) say(`  ${file.key}  ${file.size} bytes, ${file.modified.toISOString()}`);
    say(`Missing files (pointed at by a row, not stored): ${report.missing.length}`);
    for (const reference of report.missing) say(`  ${reference.key}  of ${reference.owner}`);
    if (report.uploading.length) say(`Files of uploads under way, left alone: ${report.uploading.length}`);
    let orphansLeft = report.orphans.length;
    if (values.fix) {
      const { removed, failed } = await removeOrphans(site, report);
      say(`Removed ${removed.length} orphan files.`);
      for (const key of failed) say(`  could not remove ${key}`);
      orphansLeft = report.orphans.length - removed.length;
    } else if (report.orphans.length) {
      say('Run `npm run media:check -- --fix` to remove the orphans.');
    }
    if (orphansLeft > 0 || report.missing.length > 0) process.exitCode = 1;
  } finally {
    storage.close?.();
    await handle.db.destroy();
  }
});

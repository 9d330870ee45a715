import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { CurrentContent, SiteContent } from '../../../server/contract/content';
import { restoreBackup } from '../../../server/src/backup/restore';
import { seedContent } from '../../../server/src/content/seed';
import { setupNeeded } from '../../../server/src/services/ownerSetup';
import { backUp, olderArchive } from '../backupSupport';
import { buildTestServer, insertUser } from '../testServer';
import { saveContent } from './client';
import { earlierWords } from './earlierWords';

// Builds two servers on fresh databases; on PostgreSQL that takes a moment.
jest.setTimeout(60_000);

const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-restore-'));
afterAll(() => fs.rmSync(archiveDir, { recursive: true, force: true }));

describe('restoring a backup from before the identity was written once', () => {
  it('counts a site whose words staff edited as set up, and marks the sections still holding the example', async () => {
    const site = await buildTestServer();
    const target = await buildTestServer();
    try {
      const staff = (await insertUser(site, { is_staff: true })).auth;
      const about = ['My own words.'];
      expect((await saveContent(site, staff, { about })).statusCode).toBe(200);
      const archive = await backUp(site, archiveDir, 'current.tar');

      // The same archive as a version before migration 025 wrote it: no example column, the address in every line.
      const older = olderArchive(archive, path.join(archiveDir, 'before-identity.tar'), '025_owner_identity', {
        site_content_versions: (rows) =>
          rows.map(({ example: _example, ...row }) => ({ ...row, body: JSON.stringify(earlierWords(JSON.parse(row.body as string) as SiteContent)) })),
      });
      // The site was never set up through the setup screen: the migration's rule, not the backup, decides.
      expect(await setupNeeded(site)).toBe(true);

      await restoreBackup(target, target.storage, target.config.dataDir, older);
      expect(await setupNeeded(target)).toBe(false);
      const restored = (await target.inject({ method: 'GET', url: '/api/site-content/' })).json<CurrentContent>();
      expect(restored.content.about).toEqual(about);
      expect(restored.content.profiles).toEqual(seedContent.profiles);
      expect(restored.content.cv.links.map((line) => line.from)).toEqual(['linkedin', 'email']);
      expect(restored.example).toContain('CV experience');
      expect(restored.example).not.toContain('About text');
    } finally {
      await Promise.all([site.cleanup(), target.cleanup()]);
    }
  });
});

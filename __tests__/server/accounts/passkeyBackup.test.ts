import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { RegistrationOptions } from '../../../server/contract/passkeys';
import { restoreBackup } from '../../../server/src/backup/restore';
import { backUp } from '../backupSupport';
import { insertUser } from '../testServer';
import { softAuthenticatorSite } from './softAuthenticator';
import { buildTestServer, GOOD_PASSWORD, hashOnce, login } from './support';

// Builds two servers on fresh databases; on PostgreSQL that takes a moment.
jest.setTimeout(60_000);

const ORIGIN = 'https://site.example';

describe('a backup', () => {
  const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
  afterAll(() => fs.rmSync(archiveDir, { recursive: true, force: true }));

  it('carries passkeys, recovery codes and the requirement of passkeys: after a restore they sign in as before', async () => {
    const source = await buildTestServer({ publicUrl: ORIGIN });
    const target = await buildTestServer({ publicUrl: ORIGIN });
    try {
      const owner = await insertUser(source, { email: 'owner@example.com', is_owner: true, password: await hashOnce(GOOD_PASSWORD) });
      const { authenticator, signIn } = softAuthenticatorSite(ORIGIN);
      const options = (await source.inject({ method: 'POST', url: '/api/users/passkeys/registration/', headers: owner.auth })).json<RegistrationOptions>();
      const added = await source.inject({
        method: 'POST',
        url: '/api/users/passkeys/',
        headers: owner.auth,
        payload: { credential: authenticator.register(options) },
      });
      expect(added.statusCode).toBe(201);
      expect((await signIn(source)).statusCode).toBe(200);
      const { codes } = (await source.inject({ method: 'POST', url: '/api/users/recovery-codes/', headers: owner.auth })).json<{ codes: string[] }>();
      const required = await source.inject({
        method: 'PATCH',
        url: '/api/admin/sign-in-security/',
        headers: owner.auth,
        payload: { staff_passkeys_required: true },
      });
      expect(required.statusCode).toBe(200);

      const report = await restoreBackup(target, target.storage, target.config.dataDir, await backUp(source, archiveDir, 'passkeys.tar'));
      expect(report.rows).toMatchObject({ passkeys: 1, recovery_codes: 10, site_settings: 1 });

      expect((await signIn(target)).statusCode).toBe(200);
      expect((await login(target, owner.user.email, GOOD_PASSWORD)).statusCode).toBe(403);
      expect((await login(target, owner.user.email, GOOD_PASSWORD, { recovery_code: codes[0] })).statusCode).toBe(200);
    } finally {
      await source.cleanup();
      await target.cleanup();
    }
  });
});

import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { account, GOOD_PASSWORD, login, OTHER_PASSWORD, refresh, signIn, testServerFor } from './support';

const run = promisify(execFile);
const root = path.join(__dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('operator commands', () => {
  const server = testServerFor();

  /** Runs a command against the test server's database, as `npm run` would. */
  function command(script: string, args: string[], env: Record<string, string> = {}) {
    return run(tsx, [path.join(root, 'server/src/cli', script), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: server.config.dataDir,
        ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
        ...env,
      },
      timeout: 60_000,
    });
  }

  /** Runs a command with the given standard input (a pipe, not a terminal). */
  function commandWithInput(script: string, args: string[], input: string): Promise<{ code: number | null; stdout: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(tsx, [path.join(root, 'server/src/cli', script), ...args], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: server.config.dataDir,
          ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
        },
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
      child.stdin.end(input);
    });
  }

  it('db:migrate says which migrations it applied, and that there was none left on a second run', async () => {
    const fresh = await run(tsx, [path.join(root, 'server/src/cli/migrate.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: path.join(server.config.dataDir, 'another-site') },
      timeout: 60_000,
    });
    expect(fresh.stdout).toMatch(/^Applied \d+ migrations: 001_users, 002_audit_log, .*\.\nDatabase \(sqlite\) is up to date\.\n$/);
    const again = await command('migrate.ts', []);
    expect(again.stdout).toBe(`No migration to apply.\nDatabase (${server.dialect}) is up to date.\n`);
  });

  it('db:migrate brings the database up to date', async () => {
    const { stdout } = await command('migrate.ts', []);
    expect(stdout).toMatch(/^Database \((sqlite|postgres)\) is up to date\.$/m);
  });

  it('create-staff creates a staff account with the password from STAFF_PASSWORD', async () => {
    const { stdout } = await command('createStaff.ts', ['--email', 'Owner@Example.org', '--first-name', 'Elias', '--last-name', 'Owner'], {
      STAFF_PASSWORD: GOOD_PASSWORD,
    });
    expect(stdout).toContain('Staff account Owner@example.org created.');
    const res = await login(server, 'owner@example.org', GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ first_name: 'Elias', last_name: 'Owner', is_staff: true });
    const audit = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.created_staff').execute();
    expect(audit).toEqual([expect.objectContaining({ subject: 'Owner@example.org', actor_id: null })]);
    // The site had no owner: its first staff account is the owner.
    expect(stdout).toContain("Owner@example.org is the site's owner");
    const owners = await server.db.selectFrom('users').select('email').where('is_owner', '=', 1).execute();
    expect(owners).toEqual([{ email: 'Owner@example.org' }]);
  }, 60_000);

  it('create-staff reads the password from standard input when it is not a terminal', async () => {
    const { code, stdout } = await commandWithInput('createStaff.ts', ['--email', 'piped@example.org'], `${OTHER_PASSWORD}\n`);
    expect(code).toBe(0);
    expect(stdout).toContain('Staff account piped@example.org created.');
    expect(stdout).not.toContain('owner');
    expect((await login(server, 'piped@example.org', OTHER_PASSWORD)).statusCode).toBe(200);
  }, 60_000);

  it('create-staff makes an existing account staff without touching its password', async () => {
    const { user } = await account(server, { email: 'promote.me@example.org' });
    const { stdout } = await command('createStaff.ts', ['--email', 'PROMOTE.ME@example.org']);
    expect(stdout).toContain('promote.me@example.org is now staff.');
    const res = await login(server, user.email, GOOD_PASSWORD);
    expect(res.json().user.is_staff).toBe(true);
  }, 60_000);

  it('create-staff refuses a weak password, and explains its usage', async () => {
    await expect(command('createStaff.ts', ['--email', 'weak@example.org'], { STAFF_PASSWORD: 'password1' })).rejects.toMatchObject({
      stderr: expect.stringContaining('This password is too common.'),
    });
    await expect(command('createStaff.ts', [])).rejects.toMatchObject({ code: 2, stdout: expect.stringContaining('Usage: npm run create-staff') });
  }, 60_000);

  it('reset-password sets a new password and signs the account out everywhere', async () => {
    const { user } = await account(server, { email: 'forgetful@example.org' });
    const session = await signIn(server, user.email, GOOD_PASSWORD);
    const { stdout } = await command('resetPassword.ts', ['--email', 'forgetful@example.org'], { NEW_PASSWORD: OTHER_PASSWORD });
    expect(stdout).toContain('Password of forgetful@example.org changed');
    expect((await refresh(server, session.refresh)).statusCode).toBe(401);
    expect((await login(server, user.email, OTHER_PASSWORD)).statusCode).toBe(200);
    await expect(command('resetPassword.ts', ['--email', 'nobody@example.org'], { NEW_PASSWORD: OTHER_PASSWORD })).rejects.toMatchObject({
      stderr: expect.stringContaining('No account has the email nobody@example.org.'),
    });
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { hash } from '@node-rs/argon2';

import { loadConfig } from '../../../server/src/config';
import { ACCESS_TOKEN_SECONDS } from '../../../server/src/lib/tokens';
import { createMailer } from '../../../server/src/services/mailer';
import { PASSWORD_MESSAGES, passwordProblems } from '../../../server/src/services/passwordPolicy';
import { needsRehash, verifyPassword } from '../../../server/src/services/passwords';
import { checkResetToken, decodeUid, encodeUid, makeResetToken, RESET_TOKEN_SECONDS } from '../../../server/src/services/resetTokens';
import { hashOnce } from './support';

describe('password policy', () => {
  const owner = { email: 'maria.gaetana@example.org', first_name: 'Maria', last_name: 'Agnesi' };

  it('knows thousands of common passwords, whatever their case', () => {
    const list = fs.readFileSync(path.join(__dirname, '../../../server/src/services/common-passwords.txt'), 'utf8').split('\n').filter(Boolean);
    expect(list.length).toBeGreaterThan(5000);
    expect(list.every((p) => p.length >= 8)).toBe(true);
    for (const common of ['password', 'PASSWORD1', 'qwertyuiop', 'iloveyou', 'sunshine']) {
      expect(passwordProblems(common, owner)).toContain(PASSWORD_MESSAGES.tooCommon);
    }
  });

  it('refuses passwords close to the email or names, and accepts unrelated ones', () => {
    expect(passwordProblems('mariagaetana', owner)).toContain(PASSWORD_MESSAGES.similar('email'));
    expect(passwordProblems('Maria.Gaetana!', owner)).toContain(PASSWORD_MESSAGES.similar('email'));
    expect(passwordProblems('agnesi2024', owner)).toEqual([PASSWORD_MESSAGES.similar('last name')]);
    expect(passwordProblems('Quiet-Harbour-Lantern-58', owner)).toEqual([]);
    expect(passwordProblems('example-orbit-sailor', owner)).toEqual([]);
  });

  it('counts characters, not bytes', () => {
    expect(passwordProblems('ééééééé', owner)).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(passwordProblems('ü'.repeat(128), owner)).toEqual([]);
    expect(passwordProblems('ü'.repeat(129), owner)).toEqual([PASSWORD_MESSAGES.tooLong]);
  });
});

describe('password hashing', () => {
  it('uses argon2id with m=19456, t=2, p=1 and recognises other parameters', async () => {
    const stored = await hashOnce('Quiet-Harbour-Lantern-58');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash(await hash('x', { memoryCost: 8192, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash('!unusable')).toBe(true);
    expect(await verifyPassword(stored, 'Quiet-Harbour-Lantern-58')).toBe(true);
    expect(await verifyPassword(stored, 'quiet-harbour-lantern-58')).toBe(false);
    expect(await verifyPassword('!unusable', '!unusable')).toBe(false);
  });
});

describe('reset tokens', () => {
  const secret = 'reset-secret-for-tests';
  const user = { id: 42, password: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', last_login: null, email_normalized: 'a@example.org' };
  const now = Date.UTC(2025, 5, 9, 12, 0, 0);

  it('encodes the uid as base64url of the id, and decodes only sane ids', () => {
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid('NDI')).toBe(42);
    for (const bad of [
      '',
      '!!',
      'MA',
      Buffer.from('-1').toString('base64url'),
      Buffer.from('1e3').toString('base64url'),
      Buffer.from('99999999999').toString('base64url'),
    ]) {
      expect(decodeUid(bad)).toBeUndefined();
    }
  });

  it('is valid for exactly one hour', () => {
    const token = makeResetToken(secret, user, now);
    expect(checkResetToken(secret, user, token, now)).toBe(true);
    expect(checkResetToken(secret, user, token, now + RESET_TOKEN_SECONDS * 1000)).toBe(true);
    expect(checkResetToken(secret, user, token, now + (RESET_TOKEN_SECONDS + 1) * 1000)).toBe(false);
  });

  it('is bound to the user, the password hash, the last login and the secret', () => {
    const token = makeResetToken(secret, user, now);
    expect(checkResetToken(secret, { ...user, id: 43 }, token, now)).toBe(false);
    expect(checkResetToken(secret, { ...user, password: `${user.password}x` }, token, now)).toBe(false);
    expect(checkResetToken(secret, { ...user, last_login: new Date(now).toISOString() }, token, now)).toBe(false);
    expect(checkResetToken(secret, { ...user, email_normalized: 'b@example.org' }, token, now)).toBe(false);
    expect(checkResetToken('another secret', user, token, now)).toBe(false);
    expect(checkResetToken(secret, user, `${token}x`, now)).toBe(false);
  });
});

describe('outbox mailer', () => {
  it('writes one .eml per message into DATA_DIR/outbox, names sorting newest last', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-test-'));
    const log = { error: jest.fn() } as unknown as Parameters<typeof createMailer>[1];
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: 'site@example.org' }, log);
    try {
      for (const n of [1, 2, 3]) {
        await mailer.send({ to: 'a@example.org', subject: `Message ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>` });
      }
      const names = fs.readdirSync(path.join(dataDir, 'outbox')).sort();
      expect(names).toHaveLength(3);
      names.forEach((name) => expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{6}\.eml$/));
      const subjects = names.map((name) => /^Subject: (.*)$/m.exec(fs.readFileSync(path.join(dataDir, 'outbox', name), 'utf8'))?.[1]);
      expect(subjects).toEqual(['Message 1', 'Message 2', 'Message 3']);
    } finally {
      mailer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('mail sender', () => {
  it('puts the owner’s name beside MAIL_FROM’s address, whether MAIL_FROM names someone or not, on one header line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sender-test-'));
    const log = { error: jest.fn() } as unknown as Parameters<typeof createMailer>[1];
    const fromLine = async (mailFrom: string, fromName?: string) => {
      const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom }, log);
      try {
        await mailer.send({ to: 'a@example.org', subject: 'Hello', text: 'Body', html: '<p>Body</p>', fromName });
      } finally {
        mailer.close();
      }
      const [newest] = fs.readdirSync(path.join(dataDir, 'outbox')).sort().reverse();
      const message = fs.readFileSync(path.join(dataDir, 'outbox', newest), 'utf8');
      expect(message).not.toMatch(/^Bcc:/m);
      // The header as one line, unfolded.
      return /^From: (.*(?:\n[ \t].*)*)$/m.exec(message)?.[1].replace(/\n[ \t]+/g, ' ');
    };
    try {
      expect(await fromLine('site@example.org', 'Ada Byron')).toBe('Ada Byron <site@example.org>');
      expect(await fromLine('Research Site <site@example.org>', 'Ada Byron')).toBe('Ada Byron <site@example.org>');
      expect(await fromLine('Research Site <site@example.org>')).toBe('Research Site <site@example.org>');
      expect(await fromLine('site@example.org', 'Ada\r\nBcc: someone@example.net')).toMatch(/^=\?UTF-8\?.*\?= <site@example\.org>$/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('account settings from the environment', () => {
  const names = ['ACCESS_TOKEN_SECONDS', 'AUTH_RATE_LIMIT', 'CSRF_TRUSTED_ORIGINS', 'MAIL_FROM', 'PUBLIC_URL'] as const;
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  });

  function configWith(env: Partial<Record<(typeof names)[number], string>>) {
    for (const n of names) delete process.env[n];
    Object.assign(process.env, env);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));
    try {
      return loadConfig({ dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('has safe defaults', () => {
    const config = configWith({ PUBLIC_URL: 'https://www.research.example/' });
    expect(config.accessTokenSeconds).toBe(ACCESS_TOKEN_SECONDS);
    expect(config.authRateLimitPerMinute).toBe(20);
    expect(config.mailFrom).toBe('no-reply@www.research.example');
    expect(config.trustedOrigins).toEqual([]);
  });

  it('reads overrides, ignoring nonsense numbers', () => {
    const config = configWith({
      ACCESS_TOKEN_SECONDS: '7',
      AUTH_RATE_LIMIT: '1000',
      CSRF_TRUSTED_ORIGINS: 'https://a.example, https://b.example/',
      MAIL_FROM: 'Site <site@research.example>',
    });
    expect(config).toMatchObject({
      accessTokenSeconds: 7,
      authRateLimitPerMinute: 1000,
      trustedOrigins: ['https://a.example', 'https://b.example'],
      mailFrom: 'Site <site@research.example>',
    });
    expect(configWith({ ACCESS_TOKEN_SECONDS: '-5', AUTH_RATE_LIMIT: 'lots' })).toMatchObject({
      accessTokenSeconds: ACCESS_TOKEN_SECONDS,
      authRateLimitPerMinute: 20,
    });
  });
});

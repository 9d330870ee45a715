import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';

import pino from 'pino';

import { eventLine, loggedUrl, logOutput, millis, readableLine, requestLine } from '../../server/src/logging';
import { encodeUid, makeResetToken } from '../../server/src/services/resetTokens';
import { createCategory, uploadDocument } from './media/client';
import { buildTestServer, fakeBuild, insertUser } from './testServer';

describe('log lines on a terminal', () => {
  it('reads as time, level, message and the request it answered', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 2, 3, 4, 5),
      msg: 'request completed',
      method: 'GET',
      url: '/cv',
      statusCode: 200,
      responseTime: 1.234,
    });
    expect(readableLine(json)).toMatch(/^\d\d:\d\d:\d\d INFO {2}request completed GET \/cv → 200 in 1\.2 ms\n$/);
  });

  it('shows an error’s stack under its line', () => {
    const json = JSON.stringify({ level: 50, time: 0, msg: 'request failed', err: { message: 'boom', stack: 'Error: boom\n    at here' } });
    expect(readableLine(json)).toMatch(/ERROR request failed\nError: boom\n {4}at here\n$/);
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(readableLine('plain text\n')).toBe('plain text\n');
  });
});

describe('log lines for a collector', () => {
  it('shows a quiet site’s request within a second, and writes out a burst at shutdown even with every worker thread busy', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-')), 'site.log');
    const output = logOutput({ dest: fs.openSync(file, 'w'), terminal: false });
    const log = pino({}, output.stream);
    log.info('quiet request');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fs.readFileSync(file, 'utf8')).toContain('"msg":"quiet request"');
    for (let index = 0; index < 10; index += 1) log.info('busy request');
    // Asynchronous writes wait for a free worker thread; at exit, none would come.
    const busyWorkers = Array.from({ length: 8 }, () => util.promisify(crypto.pbkdf2)('x', 'y', 100_000, 32, 'sha256'));
    output.flush();
    expect(fs.readFileSync(file, 'utf8').match(/busy request/g)).toHaveLength(10);
    await Promise.all(busyWorkers);
  });

  it('writes a busy site’s lines as each batch fills, without waiting for the second', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-')), 'site.log');
    const output = logOutput({ dest: fs.openSync(file, 'w'), terminal: false });
    const log = pino({}, output.stream);
    for (let index = 0; index < 100; index += 1) log.info(`busy request ${index} ${'x'.repeat(60)}`);
    // Well before the once-a-second hand-over, however slow the machine.
    const deadline = Date.now() + 800;
    while (!fs.readFileSync(file, 'utf8').includes('busy request 20 ') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fs.readFileSync(file, 'utf8')).toContain('busy request 20 ');
    output.flush();
    expect(fs.readFileSync(file, 'utf8').match(/busy request/g)).toHaveLength(100);
  });
});

describe('the line for an answered request', () => {
  const answered = { id: 'req-7', method: 'GET', url: '/cv', ip: '203.0.113.9', statusCode: 200, responseTime: 1.23456 };

  it('says what pino would say for the same request, so a collector reads every line alike', () => {
    let written = '';
    pino({}, { write: (line: string) => (written = line) }).info(
      { reqId: 'req-7', method: 'GET', url: '/cv', ip: '203.0.113.9', statusCode: 200, responseTime: 1.235 },
      'request completed',
    );
    const time = Date.UTC(2026, 0, 2);
    const line = requestLine(answered, time);
    expect(line.endsWith('}\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({ ...(JSON.parse(written) as object), time });
    expect(Object.keys(JSON.parse(line) as object)).toEqual(Object.keys(JSON.parse(written) as object));
    expect(readableLine(line)).toMatch(/INFO {2}request completed GET \/cv → 200 in 1\.2 ms\n$/);
  });

  it('keeps a signed link’s address but not its signature, which works for whoever holds it', () => {
    const line = requestLine({ ...answered, url: '/api/documents/documents/4/download/?expires=1790000000&signature=AbC-12_x&x=1' });
    expect(JSON.parse(line)).toMatchObject({ url: '/api/documents/documents/4/download/?expires=1790000000&signature=[redacted]&x=1' });
  });

  it.each([
    ['/unsubscribe/AbC-12_x', '/unsubscribe/[redacted]'],
    ['/unsubscribe/AbC-12_x?one-click', '/unsubscribe/[redacted]?one-click'],
    ['/follow/confirm/AbC-12_x', '/follow/confirm/[redacted]'],
    ['/api/follow/confirm/AbC-12_x/', '/api/follow/confirm/[redacted]/'],
    ['/api/follow/unsubscribe/AbC-12_x/', '/api/follow/unsubscribe/[redacted]/'],
    ['/api/follow/confirm/', '/api/follow/confirm/'],
    ['/reset-password/MQ/AbC-12_x', '/reset-password/MQ/[redacted]'],
    ['/backend/password-reset-confirm/MQ/AbC-12_x/', '/backend/password-reset-confirm/MQ/[redacted]/'],
    ['/confirm-email/MQ/AbC-12_x', '/confirm-email/MQ/[redacted]'],
    ['/Unsubscribe//AbC-12_x', '/Unsubscribe//[redacted]'],
    ['/app-login?token=AbC-12_x', '/app-login?token=[redacted]'],
    ['/app-login?x=1&Token=AbC-12_x&y=2', '/app-login?x=1&Token=[redacted]&y=2'],
    ['/notes/unsubscribe/x?tokens=1', '/notes/unsubscribe/x?tokens=1'],
  ])('keeps %s in the log as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
    expect(JSON.parse(requestLine({ ...answered, url }))).toMatchObject({ url: logged });
  });

  it('writes what happens outside a request (a failed start, a lost connection) as one JSON line with the error', () => {
    const line = eventLine('fatal', 'the site could not start: port in use', new Error('port in use'), Date.UTC(2026, 0, 2));
    expect(line.split('\n')).toHaveLength(2);
    expect(JSON.parse(line)).toMatchObject({
      level: 60,
      time: Date.UTC(2026, 0, 2),
      pid: process.pid,
      msg: 'the site could not start: port in use',
      err: { type: 'Error', message: 'port in use', stack: expect.stringContaining('port in use') },
    });
    expect(readableLine(line)).toContain('FATAL the site could not start: port in use\nError: port in use');
  });

  it('escapes what a visitor put in the address, so one request stays one line of valid JSON', () => {
    const line = requestLine({ ...answered, url: '/a"b\\c\n{"level":60}', ip: 'x"y' });
    expect(line.split('\n')).toHaveLength(2);
    expect(JSON.parse(line)).toMatchObject({ url: '/a"b\\c\n{"level":60}', ip: 'x"y' });
  });

  it('keeps an address with characters from beyond ASCII as the visitor sent it, and a broken one valid', () => {
    const line = requestLine({ ...answered, url: '/caf\u00e9/\u2028/\ud800' });
    expect(line.split('\n')).toHaveLength(2);
    expect(JSON.parse(line)).toMatchObject({ url: '/caf\u00e9/\u2028/\ud800' });
  });

  it('gives the answer time in milliseconds to the microsecond, as toFixed(3) would', () => {
    for (const ms of [0, 0.0004, 0.0006, 0.05, 1.23456, 12.3, 999.9996, 2000]) expect(millis(ms)).toBe(ms.toFixed(3));
  });

  it('writes a time the clock cannot have given as zero, so the line stays valid JSON', () => {
    expect(JSON.parse(requestLine({ ...answered, responseTime: Number.NaN }))).toMatchObject({ responseTime: 0 });
  });
});

describe('the server’s request log', () => {
  it.each([
    ['info', 1],
    ['warn', 0],
  ])('at level %s, writes %i line(s) per answered request', async (logLevel, count) => {
    const lines: string[] = [];
    const server = await buildTestServer({ logLevel }, { log: { stream: { write: (line: string) => void lines.push(line) }, flush: () => undefined } });
    try {
      await server.inject({ method: 'GET', url: '/api/health' });
      await server.inject({ method: 'GET', url: '/api/nothing-here/' });
    } finally {
      await server.cleanup();
    }
    const answered = lines.filter((line) => line.includes('"request completed"')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answered).toHaveLength(2 * count);
    if (count) {
      expect(answered[0]).toMatchObject({ method: 'GET', url: '/api/health', statusCode: 200 });
      expect(answered[1]).toMatchObject({ method: 'GET', url: '/api/nothing-here/', ip: '127.0.0.1', statusCode: 404 });
    }
  });

  it('keeps no token of an address in the log, whichever address carried it', async () => {
    const lines: string[] = [];
    const server = await buildTestServer({ logLevel: 'info' }, { log: { stream: { write: (line: string) => void lines.push(line) }, flush: () => undefined } });
    const secrets: string[] = [];
    const secret = (token: string) => {
      secrets.push(token);
      return token;
    };
    const send = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
      (await server.inject({ method, url, headers, payload })).statusCode;
    try {
      const { user, auth } = await insertUser(server, { is_staff: true });
      const uid = encodeUid(user.id);
      const appToken = secret((await server.inject({ method: 'POST', url: '/api/users/app-token/', headers: auth })).json<{ token: string }>().token);
      expect(await send('GET', `/app-login?token=${appToken}`)).toBe(404);

      const category = await createCategory(server, auth, 'Papers');
      const document = (await uploadDocument(server, auth, { name: 'Working paper', category: String(category.id) })).json<{ download_url: string }>();
      const signature = secret(new URL(document.download_url, 'http://x').searchParams.get('signature') ?? '');
      expect(signature).not.toBe('');
      expect(await send('GET', document.download_url)).toBe(200);

      expect(await send('POST', `/unsubscribe/${secret('unsubscribe-token-2')}`)).toBe(404);
      expect(await send('GET', `/unsubscribe/${secret('unsubscribe-token-3')}`)).toBe(404);
      expect(await send('GET', `/follow/confirm/${secret('follow-token-4')}`)).toBe(404);
      expect(await send('POST', '/api/follow/confirm/', {}, { token: secret('follow-token-5') })).toBe(400);
      expect(await send('GET', `/confirm-email/${uid}/${secret('confirm-token-6')}`)).toBe(404);
      expect(await send('POST', '/api/users/confirm-email/', {}, { uidb64: uid, token: secret('confirm-token-7') })).toBe(400);

      // Last: a reset signs the account out everywhere.
      expect(await send('GET', `/reset-password/${uid}/${secret('reset-page-token-1')}`)).toBe(404);
      const reset = secret(makeResetToken(server.config.secrets.reset, user));
      const password = { new_password: 'a long enough new passphrase', new_password2: 'a long enough new passphrase' };
      expect(await send('POST', `/backend/password-reset-confirm/${uid}/${reset}/`, {}, password)).toBe(200);
    } finally {
      await server.cleanup();
    }
    const log = lines.join('');
    const urls = lines.map((line) => JSON.parse(line) as { msg?: string; url?: string }).filter(({ msg }) => msg === 'request completed');
    // Each address was logged, without its secret.
    expect(urls.map(({ url }) => url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/backend\/password-reset-confirm\/\w+\/\[redacted\]\/$/),
        expect.stringMatching(/^\/reset-password\/\w+\/\[redacted\]$/),
        '/app-login?token=[redacted]',
        expect.stringMatching(/^\/api\/documents\/documents\/\d+\/download\/\?session=\d+&expires=\d+&signature=\[redacted\]$/),
        '/unsubscribe/[redacted]',
        '/follow/confirm/[redacted]',
        '/api/follow/confirm/',
        expect.stringMatching(/^\/confirm-email\/\w+\/\[redacted\]$/),
        '/api/users/confirm-email/',
      ]),
    );
    expect(urls.filter(({ url }) => url === '/unsubscribe/[redacted]')).toHaveLength(2);
    for (const token of secrets) expect(log).not.toContain(token);
  });

  it('logs a document whose stored file is gone as an error, with the row and the key', async () => {
    const lines: string[] = [];
    const server = await buildTestServer({ logLevel: 'info' }, { log: { stream: { write: (line: string) => void lines.push(line) }, flush: () => undefined } });
    try {
      const { auth } = await insertUser(server, { is_staff: true });
      const category = await createCategory(server, auth, 'Papers');
      const document = (await uploadDocument(server, auth, { name: 'Working paper', category: String(category.id) })).json<{ id: number }>();
      const row = await server.db.selectFrom('documents').select('file_key').where('id', '=', document.id).executeTakeFirstOrThrow();
      await server.storage.delete(row.file_key);
      const download = await server.inject({ method: 'GET', url: `/api/documents/documents/${document.id}/download/`, headers: auth });
      expect(download.statusCode).toBe(404);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toContainEqual(expect.objectContaining({ level: 50, table: 'documents', id: document.id, key: row.file_key }));
    } finally {
      await server.cleanup();
    }
  });

  it('counts the pages answered from the page cache rather than writing a line for each; a missing page keeps its line', async () => {
    const lines: string[] = [];
    const staticDir = fakeBuild();
    const server = await buildTestServer(
      { staticDir, logLevel: 'info' },
      { log: { stream: { write: (line: string) => void lines.push(line) }, flush: () => undefined } },
    );
    try {
      const page = await server.inject({ method: 'GET', url: '/' });
      await server.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(page.headers.etag) } });
      await server.inject({ method: 'GET', url: '/no/such/page' });
    } finally {
      await server.cleanup();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The page's own data calls, made in-process while it is drawn, are requests of their own.
    const pageLines = entries.filter(({ msg, url }) => msg === 'request completed' && !String(url).startsWith('/api/'));
    expect(pageLines).toEqual([expect.objectContaining({ url: '/no/such/page', statusCode: 404 })]);
    expect(entries).toContainEqual(expect.objectContaining({ level: 30, answered: 2, msg: '2 pages answered from the page cache in the last minute' }));
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DATA_TAGS } from '../../server/contract/changes';
import { type Config, loadConfig } from '../../server/src/config';
import { nowIso } from '../../server/src/db/columns';
import type { LogOutput } from '../../server/src/logging';
import type { ChangeTopic } from '../../server/src/plugins/changes';
import { buildServer } from '../../server/src/server';
import { startSession } from '../../server/src/services/sessions';
import { WorkPool } from '../../server/src/workers/pool';

export type TestServer = Awaited<ReturnType<typeof buildServer>>;
type OwnedTestServer = TestServer & { cleanup: () => Promise<void> };
/** Request headers that sign a request in. */
export type Auth = Record<string, string>;

/**
 * Servers built here and not cleaned up yet. A test that fails before its own cleanup leaves its
 * server to the test file's last hook, so that its database connections cannot keep jest from exiting.
 */
const unclosed = new Set<OwnedTestServer>();
afterAll(async () => {
  for (const server of unclosed) await server.cleanup();
});

/**
 * Worker threads shared by the servers a test file builds, closed after them: each server starting its
 * own threads and loading the Markdown pipeline in them cost about a second. A server built with worker
 * settings of its own, or asking for threads of its own, starts them (and closes them with itself).
 */
let sharedWork: WorkPool | undefined;
afterAll(async () => {
  await sharedWork?.close();
  sharedWork = undefined;
});
const WORK_SETTINGS: (keyof Config)[] = ['workDeadlineMs', 'workerThreads', 'workerMemoryMb'];
export interface TestServerOptions {
  log?: LogOutput;
  /** Worker threads of its own, fresh (not started, not warm), rather than the file's shared ones. */
  ownWorkers?: boolean;
}

/**
 * A new PostgreSQL database when DATABASE_URL is set, and how to drop it; without it, no address: SQLite
 * in the data folder.
 */
export async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => undefined };
  const { Client } = await import('pg');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A server on a fresh database: SQLite in a temporary folder by default, or a new
 * PostgreSQL database (dropped on close) when DATABASE_URL is set.
 */
export async function buildTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<OwnedTestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const database = await freshDatabase();
  const config = loadConfig({
    dataDir,
    databaseUrl: database.url,
    staticDir: path.join(dataDir, 'no-spa'),
    logLevel: 'silent',
    secrets: { jwt: 'test-jwt-secret-'.padEnd(48, 'x'), reset: 'test-reset-secret-'.padEnd(48, 'y') },
    // Suites that render at the limits hold the event loop on purpose: no shedding unless a test asks.
    maxEventLoopDelayMs: 0,
    ...overrides,
  });
  const removeData = async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const ownWorkers = options.ownWorkers || WORK_SETTINGS.some((setting) => setting in overrides);
  const work = ownWorkers
    ? undefined
    : (sharedWork ??= new WorkPool({ threads: config.workerThreads, deadlineMs: config.workDeadlineMs, memoryMb: config.workerMemoryMb }));
  let server: TestServer;
  try {
    server = await buildServer(config, { log: options.log, work });
  } catch (error) {
    await removeData();
    throw error;
  }
  const owned: OwnedTestServer = Object.assign(server, {
    cleanup: async () => {
      unclosed.delete(owned);
      await server.close();
      await removeData();
    },
  });
  unclosed.add(owned);
  try {
    await server.ready();
  } catch (error) {
    // A refused start (a missing bucket, say) closes what the start had opened.
    await owned.cleanup();
    throw error;
  }
  return owned;
}

/**
 * A fresh server for the enclosing describe block, or for each of its tests with `'each'`, built
 * and closed by jest hooks. The answer stands for the server of the moment, so that tests use it
 * as they would the server itself.
 */
export function testServerFor(overrides: Partial<Config> = {}, scope: 'all' | 'each' = 'all', options: TestServerOptions = {}): OwnedTestServer {
  let current: OwnedTestServer | undefined;
  (scope === 'all' ? beforeAll : beforeEach)(async () => {
    current = await buildTestServer(overrides, options);
  });
  (scope === 'all' ? afterAll : afterEach)(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return new Proxy({} as OwnedTestServer, {
    get(_target, property) {
      if (!current) throw new Error('The test server exists only while a test runs.');
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

/**
 * A fresh server for the describe block (or each of its tests) with a staff member and an ordinary
 * user, built and closed by jest's hooks; their headers follow the server of the moment.
 */
export function serverWithAccountsFor(scope: 'all' | 'each' = 'each', overrides: Partial<Config> = {}) {
  const server = testServerFor(overrides, scope);
  const staff: Auth = {};
  const user: Auth = {};
  (scope === 'all' ? beforeAll : beforeEach)(async () => {
    Object.assign(staff, (await insertUser(server, { is_staff: true, email: 'staff@example.com' })).auth);
    Object.assign(user, (await insertUser(server, { email: 'visitor@example.com' })).auth);
  });
  return { server, staff, user, anonymous: {} as Auth };
}

/**
 * serverWithAccountsFor on a fake build of the SPA, so that the server renders pages; the build is
 * removed after the describe block.
 */
export function pageServerFor(scope: 'all' | 'each', overrides: Partial<Config> = {}) {
  const staticDir = fakeBuild();
  afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));
  return serverWithAccountsFor(scope, { staticDir, ...overrides });
}

/** The HTML of the page at `path`, once it is answered 200 with `title` and its canonical address on the site's public one. */
export async function servedPage(server: TestServer, path: string, title: string): Promise<string> {
  const page = await server.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`<title>${title} | `);
  expect(page.body).toContain(`<link rel="canonical" href="${server.config.publicUrl}${path}">`);
  return page.body;
}

/** A request whose body goes out exactly as written (broken JSON, a bad form): what no well-behaved client sends. */
export function sendRaw(server: TestServer, method: 'POST' | 'PATCH', url: string, headers: Auth, contentType: string, body: string) {
  return server.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload: body });
}

/** Inserts a user directly (no password policy) and returns it with a valid access token. */
export async function insertUser(
  server: TestServer,
  fields: { email?: string; is_staff?: boolean; is_owner?: boolean; first_name?: string; password?: string } = {},
) {
  const email = fields.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const row = await server.db
    .insertInto('users')
    .values({
      email,
      email_normalized: email.toLowerCase(),
      first_name: fields.first_name ?? 'Test',
      last_name: 'User',
      is_staff: fields.is_staff || fields.is_owner ? 1 : 0,
      is_owner: fields.is_owner ? 1 : 0,
      date_joined: nowIso(),
      last_login: null,
      password: fields.password ?? '!unusable',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { access: token, refresh } = await startSession(server.db, server.config, row, {
    remember: false,
    client: { ip: '127.0.0.1', userAgent: 'jest' },
  });
  return { user: row, token, refresh, auth: { authorization: `Bearer ${token}` } };
}

/** What writes announce: all but the citations the background formats after them, whenever it is done. */
export const WRITTEN_TOPICS = DATA_TAGS.filter((topic) => topic !== 'Citations');

/** The changes the server announces from now on, one entry per announcement, with the topics it named. */
export function recordChanges(server: TestServer, topics: readonly ChangeTopic[] = WRITTEN_TOPICS): ChangeTopic[][] {
  const announced: ChangeTopic[][] = [];
  server.changes.subscribe(topics, (changed) => announced.push([...changed]));
  return announced;
}

export { freePort } from '../freePort';

/** The entry scripts of the fake build. */
export const ENTRY = ['/assets/runtime.1.js', '/assets/react.2.js', '/assets/main.3.js'];

/** A built SPA as far as the server cares: its manifest and one hashed asset. */
export function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'assets-manifest.json'),
    JSON.stringify({ entry: ENTRY, chunks: { public: ['/assets/public.4.js'], auth: ['/assets/auth.5.js'] } }),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'main.3.js'), 'console.log(1)');
  return dir;
}

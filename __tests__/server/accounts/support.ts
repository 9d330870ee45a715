import type { LightMyRequestResponse } from 'fastify';

import { hashPassword } from '../../../server/src/services/passwords';
import { outboxMessages } from '../../mailbox';
import { buildTestServer as buildServerWithDefaults, insertUser, type TestServer, testServerFor as serverWithDefaultsFor } from '../testServer';

export type Server = Awaited<ReturnType<typeof buildServerWithDefaults>>;

/** A password every rule accepts. */
export const GOOD_PASSWORD = 'Quiet-Harbour-Lantern-58';
export const OTHER_PASSWORD = 'Velvet-Orchard-Compass-91';

const hashes = new Map<string, Promise<string>>();
/** One argon2 hash per password per test file: the parameters are fixed, and hashing takes time. */
export function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** An account whose password is known, ready to sign in. */
export async function account(server: TestServer, fields: { email?: string; password?: string; is_staff?: boolean; first_name?: string } = {}) {
  const password = fields.password ?? GOOD_PASSWORD;
  const created = await insertUser(server, { ...fields, password: await hashOnce(password) });
  return { ...created, password };
}

export function login(server: TestServer, email: string, password: string, extra: Record<string, unknown> = {}, remoteAddress?: string) {
  return server.inject({ method: 'POST', url: '/api/users/login/', payload: { email, password, ...extra }, remoteAddress });
}

/** A sign-in attempt as a page at `origin` sends it, for an account that need not exist. */
export function loginFrom(server: TestServer, origin: string) {
  return server.inject({ method: 'POST', url: '/api/users/login/', headers: { origin }, payload: { email: 'nobody@example.org', password: 'wrong-password' } });
}

export async function signIn(server: TestServer, email: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await login(server, email, password, extra);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ access: string; refresh: string }>();
  return { ...body, auth: { authorization: `Bearer ${body.access}` } };
}

export function refresh(server: TestServer, token: string) {
  return server.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
}

/** The claims of a JWT, unverified. */
export function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The messages in DATA_DIR/outbox, oldest first. */
export async function outbox(server: Server): Promise<string[]> {
  await server.mailer.idle();
  return outboxMessages(server.config.dataDir);
}

/** The reset link's path in a message (quoted-printable soft line breaks undone). */
export function resetPathIn(message: string): { uidb64: string; token: string } {
  const unfolded = message.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /\/reset-password\/([A-Za-z0-9_-]+)\/([0-9a-z]+-[A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error(`no reset link in message:\n${message}`);
  return { uidb64: match[1], token: match[2] };
}

export function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** Test servers whose per-address limits stay out of the way; the rate-limit tests set their own. */
const LIMITS_AWAY = { authRateLimitPerMinute: 10_000 };

export function buildTestServer(overrides: Parameters<typeof buildServerWithDefaults>[0] = {}) {
  return buildServerWithDefaults({ ...LIMITS_AWAY, ...overrides });
}

export function testServerFor(overrides: Parameters<typeof serverWithDefaultsFor>[0] = {}, scope: Parameters<typeof serverWithDefaultsFor>[1] = 'all') {
  return serverWithDefaultsFor({ ...LIMITS_AWAY, ...overrides }, scope);
}

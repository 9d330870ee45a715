import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { BASE_URL } from './server';

const ROOT = path.resolve(__dirname, '../..');

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  return dir;
}

/** Creates (or promotes) a staff account with the operator command, as the README says (on the shared site unless `dir` names another's data). */
export function createStaff(email: string, password: string, firstName = 'Stella', dir = dataDir()): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/createStaff.ts', '--email', email, '--first-name', firstName, '--last-name', 'Staff'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', STAFF_PASSWORD: password },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`create-staff failed: ${result.stderr}`);
}

/** Signs in through the API, for set-up steps that are not the subject of a test. */
export async function apiLogin(email: string, password: string, base = BASE_URL): Promise<{ access: string; refresh: string }> {
  const res = await fetch(`${base}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access: string; refresh: string };
}

export async function apiCall<T>(access: string, method: string, url: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: { authorization: `Bearer ${access}`, origin: BASE_URL, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A one-page PDF uploaded to the documents library in a new category, for journeys whose subject is elsewhere; answers its id. */
export async function uploadPdf(access: string, { category, name, fileName }: { category: string; name: string; fileName: string }): Promise<number> {
  const created = await apiCall<{ id: number }>(access, 'POST', '/api/documents/categories/', { name: category, description: '' });
  const form = new FormData();
  form.append('name', name);
  form.append('description', '');
  form.append('category', String(created.id));
  form.append('is_current', 'false');
  const pdf = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), fileName);
  return (await apiCall<{ id: number }>(access, 'POST', '/api/documents/documents/', form)).id;
}

/** The reset path (/reset-password/uid/token) in the newest message to `to` in the server's outbox. */
export async function latestResetPath(to: string): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  // The server sends mail after answering, so the message may take a moment to appear.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    for (const file of files.reverse()) {
      // Quoted-printable: soft line breaks and =3D for "=".
      const text = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const match = /\/reset-password\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/.exec(text);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No reset link for ${to} in ${outbox}`);
}

/** Runs the site's scheduled work now (the note schedule, then the mail queue) and answers once it is done. */
export async function runScheduledWork(base = BASE_URL): Promise<void> {
  const res = await fetch(`${base}/api/test/background/`, { method: 'POST', headers: { origin: base } });
  if (res.status !== 204) throw new Error(`running the scheduled work answered ${res.status}: ${await res.text()}`);
}

/** Waits until the clock reaches `time` (ms), for what the site does by its own clock: a token expiring, a digest falling due. */
export async function untilTime(time: number): Promise<void> {
  while (Date.now() < time) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Waits until a page's access token (as it keeps it in localStorage) has expired, by its own expiry time. */
export async function accessTokenExpired(token: string | null): Promise<void> {
  if (!token) throw new Error('There is no access token to wait for');
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
  await untilTime(exp * 1000);
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}@example.com`;

/** The HTML a visitor's first request gets, before any script runs. */
export const firstHtml = async (path: string) => (await fetch(`${BASE_URL}${path}`)).text();

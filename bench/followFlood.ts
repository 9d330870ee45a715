/**
 * Follow requests turned on others, against the real site started from source and a real SMTP server:
 * 1,000 follow requests by address alone, each for another outside address, from 50 client addresses
 * (127.0.0.2 to 127.0.0.51; TRUST_PROXY is unset, so the socket's address is the client's), then a
 * registration from another address. Budgets: no more follow mail queued than the hour's cap
 * (FOLLOW_CONFIRMATIONS_PER_HOUR, 100 by default), and the new account's confirmation received within
 * 60 s of its registration. `npx tsx bench/followFlood.ts`; the site listens on 127.0.0.1:8620 only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { startSmtp } from '../__tests__/mailbox';
import { SQLite } from '../server/src/db/sqliteDriver';
import { localSite, ROOT } from './builtSite';
import { waitFor } from './waitFor';

const PORT = 8620;
const SITE = localSite(PORT);
const REQUESTS = 1_000;
const CLIENTS = 50;
/** The site's default FOLLOW_CONFIRMATIONS_PER_HOUR. */
export const FOLLOW_CAP = 100;
export const ACCOUNT_MAIL_BUDGET_MS = 60_000;
const NEW_ACCOUNT = 'new.account@example.org';
const PASSWORD = 'Quiet-Harbour-Lantern-58';

export interface FollowFloodResult {
  requests: number;
  clients: number;
  /** How long the 1,000 requests took, all clients at once. */
  floodMs: number;
  /** Answers by status code. */
  answers: Record<string, number>;
  /** Refusals (429) that said how long to wait. */
  refusalsWithRetryAfter: number;
  /** Follow mail the site queued (confirmations, and notes to addresses that follow already). */
  followMailQueued: number;
  cap: number;
  /** From the registration's request to its confirmation arriving at the mail server. */
  accountMailMs: number;
  /** Follow mail the mail server received between the registration and its confirmation. */
  followMailSentBefore: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(pathname: string, body: unknown, localAddress: string): Promise<{ status: number; retryAfter?: string }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        localAddress,
        agent,
        method: 'POST',
        path: pathname,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin: SITE },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }));
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

export async function followFlood(): Promise<FollowFloodResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-follow-'));
  const smtp = await startSmtp();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SMTP_URL: smtp.url,
    TRUST_PROXY: '',
    LOG_LEVEL: 'warn',
  };
  // The shipped limits and rate.
  delete env.FOLLOW_CONFIRMATIONS_PER_HOUR;
  delete env.MAIL_RATE_PER_MINUTE;
  delete env.AUTH_RATE_LIMIT;
  const site = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(`${SITE}/api/health`);
    const answers: Record<string, number> = {};
    let refusalsWithRetryAfter = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const from = `127.0.0.${client + 2}`;
        for (let i = client; i < REQUESTS; i += CLIENTS) {
          const { status, retryAfter } = await post('/api/follow/', { email: `reader${i}@outside${i % 7}.example` }, from);
          answers[status] = (answers[status] ?? 0) + 1;
          if (status === 429 && Number(retryAfter) > 0) refusalsWithRetryAfter += 1;
        }
      }),
    );
    const floodMs = performance.now() - started;

    const receivedBefore = smtp.received.length;
    const asked = performance.now();
    const registered = await post(
      '/api/users/register/',
      { email: NEW_ACCOUNT, password: PASSWORD, password2: PASSWORD, first_name: 'Ada', last_name: 'Lovelace', interest_notes: '' },
      '127.0.0.1',
    );
    if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
    let accountMailMs = Number.POSITIVE_INFINITY;
    while (performance.now() - asked < 2 * ACCOUNT_MAIL_BUDGET_MS) {
      if (smtp.received.some((mail) => mail.to === NEW_ACCOUNT)) {
        accountMailMs = performance.now() - asked;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const upToAccount = smtp.received.findIndex((mail) => mail.to === NEW_ACCOUNT);
    const followMailSentBefore = (upToAccount < 0 ? smtp.received.length : upToAccount) - receivedBefore;

    const db = new SQLite(path.join(dataDir, 'site.sqlite3'), { readonly: true });
    const { count } = db.prepare("select count(*) as count from mail_queue where kind = 'follow-confirm'").get() as { count: number };
    db.close();
    return {
      requests: REQUESTS,
      clients: CLIENTS,
      floodMs: Math.round(floodMs),
      answers,
      refusalsWithRetryAfter,
      followMailQueued: count,
      cap: FOLLOW_CAP,
      accountMailMs: Math.round(accountMailMs),
      followMailSentBefore,
    };
  } finally {
    agent.destroy();
    site.kill('SIGTERM');
    await new Promise((resolve) => site.once('exit', resolve));
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const meetsFollowFloodBudget = (result: FollowFloodResult) => result.followMailQueued <= result.cap && result.accountMailMs <= ACCOUNT_MAIL_BUDGET_MS;

export function describeFollowFlood(result: FollowFloodResult): string {
  const answers = Object.entries(result.answers)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  return (
    `${result.requests} follow requests from ${result.clients} addresses in ${result.floodMs} ms (${answers}; ${result.refusalsWithRetryAfter} refusals with Retry-After): ` +
    `${result.followMailQueued} follow mails queued (cap ${result.cap}); the account confirmation arrived ${result.accountMailMs} ms after its registration, ` +
    `${result.followMailSentBefore} follow mails sent meanwhile`
  );
}

if (require.main === module) {
  void followFlood().then((result) => {
    console.log(describeFollowFlood(result));
    console.log(
      `budgets: at most ${result.cap} queued, account mail within ${ACCOUNT_MAIL_BUDGET_MS / 1000} s: ${meetsFollowFloodBudget(result) ? 'met' : 'MISSED'}`,
    );
    process.exit(meetsFollowFloodBudget(result) ? 0 : 1);
  });
}

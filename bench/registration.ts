/**
 * Whether registration tells which addresses have accounts by its timing: registering an address that
 * has an account must take as long as a new one (the password is hashed either way, and a mail queued
 * either way). Times `tries` registrations of each, alternating, through the server's own request
 * handling (in-process, so that the network adds no noise) on a fresh embedded database, and compares
 * the medians. `npx tsx bench/registration.ts` prints the figures; it exits non-zero past the budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadConfig } from '../server/src/config';
import { buildServer } from '../server/src/server';

/** How far apart the two medians may be: well under what a network's jitter hides. */
export const REGISTRATION_BUDGET_MS = 5;
const PASSWORD = 'Quiet-Harbour-Lantern-58';

export interface RegistrationTiming {
  tries: number;
  newMedianMs: number;
  existingMedianMs: number;
  newP90Ms: number;
  existingP90Ms: number;
  /** The existing address's median minus the new one's. */
  differenceMs: number;
  /** Every answer had the same status and the same bytes. */
  sameAnswers: boolean;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const rounded = (ms: number) => Math.round(ms * 100) / 100;

export async function registrationTimings(tries = 50): Promise<RegistrationTiming> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-register-'));
  const config = loadConfig({
    dataDir,
    databaseUrl: undefined,
    smtpUrl: undefined,
    staticDir: path.join(dataDir, 'no-spa'),
    logLevel: 'silent',
    authRateLimitPerMinute: 100_000,
  });
  const server = await buildServer(config);
  await server.ready();
  try {
    const register = async (email: string) => {
      const payload = { email, password: PASSWORD, password2: PASSWORD, first_name: 'Bench', last_name: 'Reader', interest_notes: '' };
      const started = process.hrtime.bigint();
      const res = await server.inject({ method: 'POST', url: '/api/users/register/', payload });
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, answer: `${res.statusCode} ${res.body}` };
    };
    // The accounts that exist, made first (which also warms up hashing and the queries).
    for (let i = 0; i < tries; i += 1) await register(`existing${i}@example.org`);
    const fresh: number[] = [];
    const existing: number[] = [];
    const answers = new Set<string>();
    for (let i = 0; i < tries; i += 1) {
      const one = await register(`new${i}@example.org`);
      const other = await register(`existing${i}@example.org`);
      fresh.push(one.ms);
      existing.push(other.ms);
      answers.add(one.answer).add(other.answer);
    }
    const newMedianMs = quantile(fresh, 0.5);
    const existingMedianMs = quantile(existing, 0.5);
    return {
      tries,
      newMedianMs: rounded(newMedianMs),
      existingMedianMs: rounded(existingMedianMs),
      newP90Ms: rounded(quantile(fresh, 0.9)),
      existingP90Ms: rounded(quantile(existing, 0.9)),
      differenceMs: rounded(existingMedianMs - newMedianMs),
      sameAnswers: answers.size === 1,
    };
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const meetsRegistrationBudget = (timing: RegistrationTiming) => timing.sameAnswers && Math.abs(timing.differenceMs) <= REGISTRATION_BUDGET_MS;

if (require.main === module) {
  void registrationTimings().then((timing) => {
    console.log(
      `registration, ${timing.tries} each: new address median ${timing.newMedianMs} ms (p90 ${timing.newP90Ms}), ` +
        `address with an account ${timing.existingMedianMs} ms (p90 ${timing.existingP90Ms}); ` +
        `difference ${timing.differenceMs} ms (budget ±${REGISTRATION_BUDGET_MS} ms); answers ${timing.sameAnswers ? 'identical' : 'DIFFER'}`,
    );
    process.exit(meetsRegistrationBudget(timing) ? 0 : 1);
  });
}

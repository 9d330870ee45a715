import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from './lib/tokens';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  /** Folder holding the built SPA; absent in API-only test runs. */
  staticDir: string;
  secrets: { jwt: string; reset: string };
  /** Outside production logs are terse; tests silence them. */
  logLevel: string;
  trustProxy: boolean;
  /** Access-token lifetime; ACCESS_TOKEN_SECONDS lets end-to-end tests watch tokens expire. */
  accessTokenSeconds: number;
  /** Requests per minute and client address on sign-in, registration, reset and app-token calls. */
  authRateLimitPerMinute: number;
  /** Sender of the site's emails (MAIL_FROM). */
  mailFrom: string;
  /** Origins besides the site's own that may send state-changing requests (CSRF_TRUSTED_ORIGINS, comma-separated). */
  trustedOrigins: string[];
}

function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** A secret not given in the environment is generated once and kept in the data folder. */
function secret(dataDir: string, envName: string, fileName: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  const secretsDir = path.join(dataDir, 'secrets');
  const file = path.join(secretsDir, fileName);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
    const value = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
    return value;
  }
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? process.env.DATA_DIR ?? 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const port = positiveInteger('PORT', 8000);
  const host = process.env.HOST ?? '127.0.0.1';
  const publicUrl = (process.env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, '');
  return {
    port,
    host,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    publicUrl,
    staticDir: path.resolve(__dirname, '../../dist/public'),
    secrets: {
      jwt: secret(dataDir, 'JWT_SECRET', 'jwt.key'),
      reset: secret(dataDir, 'RESET_SECRET', 'reset.key'),
    },
    logLevel: process.env.LOG_LEVEL ?? 'info',
    trustProxy: process.env.TRUST_PROXY === '1',
    accessTokenSeconds: positiveInteger('ACCESS_TOKEN_SECONDS', ACCESS_TOKEN_SECONDS),
    authRateLimitPerMinute: positiveInteger('AUTH_RATE_LIMIT', 20),
    mailFrom: process.env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    trustedOrigins: (process.env.CSRF_TRUSTED_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean),
    ...overrides,
  };
}

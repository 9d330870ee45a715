import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

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
  const port = Number(process.env.PORT ?? 8000);
  const host = process.env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    publicUrl: (process.env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    staticDir: path.resolve(__dirname, '../../dist/public'),
    secrets: {
      jwt: secret(dataDir, 'JWT_SECRET', 'jwt.key'),
      reset: secret(dataDir, 'RESET_SECRET', 'reset.key'),
    },
    logLevel: process.env.LOG_LEVEL ?? 'info',
    trustProxy: process.env.TRUST_PROXY === '1',
    ...overrides,
  };
}

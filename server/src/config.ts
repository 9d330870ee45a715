import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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
  /**
   * Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY): a number of hops in front of the
   * site, or their addresses (CIDR ranges allowed); false when clients connect directly.
   */
  trustProxy: number | string[] | false;
  /** Whole-request limit, body included (REQUEST_TIMEOUT_SECONDS): a trickled body is answered 408 and closed. */
  requestTimeoutSeconds: number;
  /** A connection silent this long is closed (IDLE_TIMEOUT_SECONDS). */
  idleTimeoutSeconds: number;
  /** On SIGTERM or SIGINT, requests still running this long after are cut (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /**
   * Open connections from one client address (MAX_CONNECTIONS_PER_ADDRESS); 0 for no limit, the
   * default behind a proxy, whose own address every connection comes from.
   */
  maxConnectionsPerAddress: number;
  /** Open connections in all (MAX_CONNECTIONS), well under the process's file descriptors. */
  maxConnections: number;
  /**
   * Past this mean event-loop delay over a second (MAX_EVENT_LOOP_DELAY_MS; 0: never), for lagSamples
   * seconds in a row, requests are answered 503 with Retry-After until it falls again.
   */
  maxEventLoopDelayMs: number;
  /**
   * Heavy work (Markdown, BibTeX, citations, charts) runs in worker threads, each task with this
   * deadline (WORK_DEADLINE_MS): a task past it is ended and refused as too big.
   */
  workDeadlineMs: number;
  /** Worker threads for heavy work (WORKER_THREADS; by default one core less than the machine has, at least one). */
  workerThreads: number;
  /** Heap of each worker thread (WORKER_MEMORY_MB): a task needing more is ended and refused as too big. */
  workerMemoryMb: number;
  /** How often the load is measured; tests shorten it. */
  loadSampleMs: number;
  /**
   * Samples in a row past maxEventLoopDelayMs before requests are shed (EVENT_LOOP_DELAY_SAMPLES): one
   * long piece of work is no reason to turn visitors away.
   */
  lagSamples: number;
  /** Memory the cached pages may take in all (PAGE_CACHE_MB); the least recently asked for go first. */
  pageCacheMb: number;
  /** Access-token lifetime; ACCESS_TOKEN_SECONDS lets end-to-end tests watch tokens expire. */
  accessTokenSeconds: number;
  /** Requests per minute and client address on sign-in, registration, reset and app-token calls. */
  authRateLimitPerMinute: number;
  /** Where emailed links lead (FRONTEND_URL): a front end served elsewhere, else PUBLIC_URL. */
  frontendUrl: string;
  /** Sender of the site's emails (MAIL_FROM). */
  mailFrom: string;
  /** Origins besides the site's own that may send state-changing requests (CSRF_TRUSTED_ORIGINS, comma-separated). */
  trustedOrigins: string[];
  /** Media in an S3 bucket instead of DATA_DIR/media (STORAGE_URL=s3://bucket?endpoint=…&region=…&path_style=true). */
  storageUrl?: string;
  /** Front ends at other addresses that may call the API with credentials (CORS_ORIGINS, comma-separated). */
  corsOrigins: string[];
  /** Messages the site sends at most in any minute, from all instances together (MAIL_RATE_PER_MINUTE). */
  mailRatePerMinute: number;
  /**
   * Mails that follow requests by address alone may have sent in any hour, from all instances together
   * (FOLLOW_CONFIRMATIONS_PER_HOUR): past it, such requests are refused until the hour is over.
   */
  followConfirmationsPerHour: number;
  /** How long after publication followers are told, so that corrections made meanwhile go out in one mail (FOLLOW_DELAY_SECONDS). */
  followDelaySeconds: number;
  /** How often a follower who chose the digest gets it (DIGEST_INTERVAL_SECONDS, a week by default). */
  digestIntervalSeconds: number;
  /** Test runs only (TEST_HOOKS=1): `POST /api/test/background/` runs the scheduled work at once (see plugins/backgroundWork.ts). */
  testHooks: boolean;
}

const originList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);

function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Like positiveInteger, with 0 allowed. */
function wholeNumber(name: string, fallback: number): number {
  const text = process.env[name]?.trim();
  const value = Number(text);
  return text && Number.isInteger(value) && value >= 0 ? value : fallback;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** Never "trust every hop": that would let any client name its own address and escape per-address limits. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (!text || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.every(isAddressOrRange)) {
    throw new Error(`TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses, not "${text}".`);
  }
  return entries;
}

/** The files under DATA_DIR/secrets that hold the generated signing secrets. */
export const SECRET_FILES = { jwt: 'jwt.key', reset: 'reset.key' } as const;

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
  // What the site writes in DATA_DIR (the database with its -wal and -shm files, media, secrets) is for
  // its own user only: it holds password hashes, sessions and the audit log. SQLite takes its files'
  // mode from the umask.
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const port = positiveInteger('PORT', 8000);
  const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  const host = process.env.HOST ?? '127.0.0.1';
  const publicUrl = (process.env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, '');
  const config: Omit<Config, 'frontendUrl'> & Partial<Pick<Config, 'frontendUrl'>> = {
    port,
    host,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    publicUrl,
    staticDir: path.resolve(__dirname, '../../dist/public'),
    secrets: {
      jwt: secret(dataDir, 'JWT_SECRET', SECRET_FILES.jwt),
      reset: secret(dataDir, 'RESET_SECRET', SECRET_FILES.reset),
    },
    logLevel: process.env.LOG_LEVEL ?? 'info',
    trustProxy,
    requestTimeoutSeconds: positiveInteger('REQUEST_TIMEOUT_SECONDS', 120),
    idleTimeoutSeconds: positiveInteger('IDLE_TIMEOUT_SECONDS', 30),
    shutdownGraceSeconds: positiveInteger('SHUTDOWN_GRACE_SECONDS', 8),
    maxConnectionsPerAddress:
      process.env.MAX_CONNECTIONS_PER_ADDRESS === '0' ? 0 : positiveInteger('MAX_CONNECTIONS_PER_ADDRESS', trustProxy === false ? 256 : 0),
    maxConnections: positiveInteger('MAX_CONNECTIONS', 10_000),
    maxEventLoopDelayMs: wholeNumber('MAX_EVENT_LOOP_DELAY_MS', 500),
    workDeadlineMs: positiveInteger('WORK_DEADLINE_MS', 2_000),
    workerThreads: positiveInteger('WORKER_THREADS', Math.max(1, os.availableParallelism() - 1)),
    workerMemoryMb: positiveInteger('WORKER_MEMORY_MB', 512),
    loadSampleMs: 1_000,
    lagSamples: positiveInteger('EVENT_LOOP_DELAY_SAMPLES', 3),
    pageCacheMb: positiveInteger('PAGE_CACHE_MB', 64),
    accessTokenSeconds: positiveInteger('ACCESS_TOKEN_SECONDS', ACCESS_TOKEN_SECONDS),
    authRateLimitPerMinute: positiveInteger('AUTH_RATE_LIMIT', 20),
    mailFrom: process.env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    trustedOrigins: originList(process.env.CSRF_TRUSTED_ORIGINS),
    corsOrigins: originList(process.env.CORS_ORIGINS),
    storageUrl: process.env.STORAGE_URL || undefined,
    mailRatePerMinute: positiveInteger('MAIL_RATE_PER_MINUTE', 60),
    followConfirmationsPerHour: positiveInteger('FOLLOW_CONFIRMATIONS_PER_HOUR', 100),
    followDelaySeconds: wholeNumber('FOLLOW_DELAY_SECONDS', 300),
    digestIntervalSeconds: positiveInteger('DIGEST_INTERVAL_SECONDS', 7 * 24 * 3600),
    testHooks: process.env.TEST_HOOKS === '1',
    ...overrides,
  };
  // From the configuration as overridden: by default emailed links lead to the site itself.
  return { ...config, frontendUrl: (config.frontendUrl ?? (process.env.FRONTEND_URL || config.publicUrl)).replace(/\/$/, '') };
}

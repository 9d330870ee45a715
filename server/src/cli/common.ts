import readline from 'node:readline';

import { loadConfig } from '../config';
import { type DbHandle, migrateToLatest, openDatabase } from '../db';

/** The database named by the environment (DATA_DIR / DATABASE_URL), migrated to the latest schema. */
/** The database named by DATA_DIR / DATABASE_URL, migrated to the latest schema, with the migrations just applied. */
export async function openMigratedDatabase(): Promise<DbHandle & { applied: string[] }> {
  const handle = await openDatabase(loadConfig());
  return { ...handle, applied: await migrateToLatest(handle.db) };
}

export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function readLine(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  return new Promise((resolve, reject) => {
    rl.once('line', (line) => {
      resolve(line);
      rl.close();
    });
    rl.once('close', () => reject(new Error('no password given on standard input')));
  });
}

/** Reads a password without echoing it; from a pipe, reads one line. */
export function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return readLine();
  process.stdout.write(question);
  return new Promise((resolve) => {
    let typed = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        }
        typed = ch === '\u007f' || ch === '\b' ? typed.slice(0, -1) : typed + ch;
      }
    };
    input.on('data', onData);
  });
}

/**
 * The new password from the named environment variable (for scripts), else asked twice on the
 * terminal.
 */
export async function newPassword(envName: string): Promise<string> {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  const first = await askHidden('Password: ');
  if (!process.stdin.isTTY) return first;
  const second = await askHidden('Password (again): ');
  if (first !== second) throw new Error('The two passwords did not match.');
  return first;
}

/** Runs a command's main, printing a failure on one line and exiting non-zero. */
export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

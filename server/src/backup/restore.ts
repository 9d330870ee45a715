import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';

import { SECRET_FILES } from '../config';
import type { Db, DbHandle } from '../db';
import { upgradeRows as upgradeFollowerRows } from '../db/migrations/018_follower_mailbox';
import { upgradeRows as upgradeIdentityRows } from '../db/migrations/025_owner_identity';
import { upgradeRows as upgradeTitleRows } from '../db/migrations/027_publication_title_text';
import { deleteAll, isValidKey, type Storage } from '../storage';
import { ENTRY, FORMAT, FORMAT_VERSION, keyColumnsOf, type Manifest, TABLES, TABLES_WITH_SERIAL_ID } from './manifest';
import { TarReader } from './tar';

export interface RestoreReport {
  manifest: Manifest;
  rows: Record<string, number>;
  files: number;
  bytes: number;
  /** Where the signing secrets were written, or why not. */
  secrets: string;
}

export interface RestoreOptions {
  /** Clears a site that has content instead of refusing it. */
  replace?: boolean;
  /**
   * The largest media file, or row, accepted: each file is held in memory while it is stored (the
   * storage takes whole files, as it does from an upload), each row while it is read.
   */
  maxEntryBytes?: number;
}

/** Far above what the site accepts from an upload (20 MB), far below what would strain the server's memory. */
export const MAX_ENTRY_BYTES = 256 * 1024 * 1024;

/** Tables that hold the site's content: a site with rows in any of them is not empty. */
const CONTENT_TABLES = ['users', 'galleries', 'images', 'document_categories', 'documents'] as const;
/** Everything a replacing restore clears, children before parents. */
const CLEARED_TABLES = [
  'mail_queue',
  'follow_announcements',
  'followers',
  'webauthn_challenges',
  'passkeys',
  'recovery_codes',
  'site_settings',
  'refresh_tokens',
  'user_sessions',
  'app_tokens',
  'abuse_counters',
  'audit_log',
  'site_content_versions',
  'download_counts',
  'news_items',
  'teaching_materials',
  'teaching_courses',
  'note_autosaves',
  'note_revisions',
  'note_slugs',
  'note_tags',
  'notebook_download_counts',
  'notes',
  'talks',
  'publications',
  'documents',
  'images',
  'document_categories',
  'galleries',
  'users',
] as const;
const INSERT_BATCH = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** What the archive holds, every part of it checked. */
interface CheckedBackup {
  manifest: Manifest;
  secrets: { jwt: string; reset: string };
  /** The tables the backup carries (a table newer than the backup is left empty). */
  tables: (typeof TABLES)[number][];
}

/** A JSON entry read whole, after its size is checked. */
function jsonEntry(archive: TarReader, name: string, maxBytes: number): unknown {
  const size = archive.size(name);
  if (size === undefined) throw new Error(`The file is not a backup of this site: it has no ${name}.`);
  if (size > maxBytes) throw new Error(`The backup's ${name} is ${size} bytes, more than the ${maxBytes} a restore accepts.`);
  try {
    return JSON.parse(archive.read(name).toString('utf8'));
  } catch {
    throw new Error(`The backup is damaged: ${name} is not JSON.`);
  }
}

function checkedManifest(archive: TarReader, knownMigrations: string[], maxBytes: number): Manifest {
  const manifest = jsonEntry(archive, ENTRY.manifest, maxBytes);
  if (!isRecord(manifest) || manifest.format !== FORMAT) throw new Error('The file is not a backup of this site.');
  if (!isCount(manifest.version) || manifest.version > FORMAT_VERSION)
    throw new Error(`The backup is in format ${String(manifest.version)}, which this version of the site cannot read: upgrade this site first.`);
  const { migrations, rows, files } = manifest;
  if (!Array.isArray(migrations) || !migrations.every((name) => typeof name === 'string'))
    throw new Error('The backup is damaged: its manifest has no list of migrations.');
  const unknown = migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length) throw new Error(`The backup comes from a newer version of the site (schema ${unknown.join(', ')}): upgrade this one first.`);
  if (!isRecord(rows)) throw new Error('The backup is damaged: its manifest has no row counts.');
  for (const [table, count] of Object.entries(rows)) {
    if (!(TABLES as readonly string[]).includes(table)) throw new Error(`The backup names a table this site does not have: ${table}.`);
    if (!isCount(count)) throw new Error(`The backup is damaged: its manifest gives ${table} ${JSON.stringify(count)} rows.`);
  }
  if (!Array.isArray(files)) throw new Error('The backup is damaged: its manifest has no list of files.');
  const seen = new Set<string>();
  for (const file of files as unknown[]) {
    if (!isRecord(file) || typeof file.key !== 'string' || !isCount(file.size) || typeof file.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(file.sha256))
      throw new Error(`The backup is damaged: its manifest lists a file as ${JSON.stringify(file)}.`);
    // A key becomes a path or an object name: only the site's own form (a folder, a random name) can be trusted.
    if (!isValidKey(file.key))
      throw new Error(
        `The backup lists a file named ${JSON.stringify(file.key)}, which is not a storage key of this site (a folder, 32 hex digits, an extension).`,
      );
    if (seen.has(file.key)) throw new Error(`The backup lists the file ${file.key} twice.`);
    seen.add(file.key);
  }
  return manifest as unknown as Manifest;
}

function checkedSecrets(archive: TarReader, maxBytes: number): CheckedBackup['secrets'] {
  const secrets = jsonEntry(archive, ENTRY.secrets, maxBytes);
  if (!isRecord(secrets)) throw new Error(`The backup is damaged: ${ENTRY.secrets} holds no secrets.`);
  for (const name of Object.keys(SECRET_FILES)) {
    const value = secrets[name];
    // The site reads its secret files trimmed: a blank one would leave it unable to sign anything.
    if (typeof value !== 'string' || !value.trim())
      throw new Error(`The backup's ${name} signing secret in ${ENTRY.secrets} is empty or missing: every sign-in would fail with it.`);
  }
  return { jwt: secrets.jwt as string, reset: secrets.reset as string };
}

async function sha256Of(chunks: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Every file of the backup, checked against the size and hash taken when it was written, one piece at a time. */
async function checkFiles(archive: TarReader, manifest: Manifest, maxBytes: number): Promise<void> {
  for (const file of manifest.files) {
    const entry = ENTRY.file(file.key);
    const size = archive.size(entry);
    if (size === undefined) throw new Error(`The backup is damaged: it lists ${file.key} but has no ${entry}.`);
    if (size > maxBytes)
      throw new Error(`The backup's file ${file.key} is ${size} bytes, more than the ${maxBytes} a restore accepts (--max-entry-mb raises the limit).`);
    const found = await sha256Of(archive.chunks(entry));
    if (size !== file.size || found.sha256 !== file.sha256) throw new Error(`The backup is damaged: ${file.key} does not match its recorded hash.`);
  }
}

/** The rows of a table, one JSON line at a time, so that a table of any size passes through little memory. */
async function* rowsOf(archive: TarReader, table: string, maxBytes: number): AsyncGenerator<Record<string, unknown>> {
  const entry = ENTRY.table(table);
  let line = 0;
  const parse = (bytes: Buffer) => {
    line += 1;
    let row: unknown;
    try {
      row = JSON.parse(bytes.toString('utf8'));
    } catch {
      // Refused just below.
    }
    if (!isRecord(row)) throw new Error(`The backup is damaged: line ${line} of ${entry} is not a row.`);
    return row;
  };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of archive.chunks(entry)) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const bytes = Buffer.concat([...pending, chunk.subarray(start, end)]);
      pending = [];
      pendingBytes = 0;
      start = end + 1;
      if (bytes.length) yield parse(bytes);
    }
    pending.push(chunk.subarray(start));
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxBytes) throw new Error(`The backup's ${entry} has a row of more than the ${maxBytes} bytes a restore accepts (line ${line + 1}).`);
  }
  const rest = Buffer.concat(pending);
  if (rest.length) yield parse(rest);
}

/** Every table's rows parse, are as many as the manifest says, and point only at files the backup carries. */
async function checkRows(archive: TarReader, manifest: Manifest, maxBytes: number): Promise<CheckedBackup['tables']> {
  const carried = new Set(manifest.files.map((file) => file.key));
  const tables = TABLES.filter((table) => manifest.rows[table] !== undefined);
  for (const table of tables) {
    const entry = ENTRY.table(table);
    if (archive.size(entry) === undefined) throw new Error(`The backup is damaged: it counts rows of ${table} but has no ${entry}.`);
    let count = 0;
    for await (const row of rowsOf(archive, table, maxBytes)) {
      count += 1;
      for (const column of keyColumnsOf(table)) {
        const key = row[column];
        // A nullable key column names no file when null, and is absent from the rows of a backup
        // written before it existed (an image's medium rendition).
        if (key === null || key === undefined) continue;
        const where = `The backup's ${table} row ${count} (id ${JSON.stringify(row.id)}) points at the file ${JSON.stringify(key)}`;
        if (typeof key !== 'string' || !isValidKey(key)) throw new Error(`${where}, which is not a storage key of this site.`);
        if (!carried.has(key)) throw new Error(`${where}, which the backup does not carry.`);
      }
    }
    if (count !== manifest.rows[table]) throw new Error(`The backup is damaged: ${entry} holds ${count} rows, its manifest says ${manifest.rows[table]}.`);
  }
  return tables;
}

async function checkBackup(archive: TarReader, db: Db, maxBytes: number): Promise<CheckedBackup> {
  const known = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);
  const manifest = checkedManifest(archive, known, maxBytes);
  const secrets = checkedSecrets(archive, maxBytes);
  await checkFiles(archive, manifest, maxBytes);
  const tables = await checkRows(archive, manifest, maxBytes);
  return { manifest, secrets, tables };
}

async function refuseContent(db: Db): Promise<void> {
  for (const table of CONTENT_TABLES) {
    const { count } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) > 0)
      throw new Error(`This site is not empty (${table} has ${count} rows): restore into an empty site, or pass --replace to clear it first.`);
  }
}

/**
 * The backup's files the storage lacks. A file it already holds under the same key with the same
 * bytes (a site restored from its own backup) is left as it is; one with other bytes is refused, as
 * replacing it could not be undone.
 */
async function filesToWrite(storage: Storage, manifest: Manifest): Promise<Manifest['files']> {
  const missing: Manifest['files'] = [];
  for (const file of manifest.files) {
    const info = await storage.stat(file.key);
    if (!info) {
      missing.push(file);
      continue;
    }
    const stored = info.size === file.size ? await sha256Of(await storage.openReadStream(file.key)) : undefined;
    if (stored?.sha256 !== file.sha256)
      throw new Error(
        `The site already holds a file ${file.key} with other content than the backup's: remove it (npm run media:check lists the files no row points at) and restore again.`,
      );
  }
  return missing;
}

/** The secrets, each written to a temporary file beside its place, so that putting them in place is one rename each. */
class StagedSecrets {
  private readonly staged: { temp: string; target: string }[] = [];
  private createdDir = false;

  constructor(readonly dir: string) {}

  write(secrets: CheckedBackup['secrets']): void {
    this.createdDir = !fs.existsSync(this.dir);
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    for (const [name, file] of Object.entries(SECRET_FILES) as [keyof typeof SECRET_FILES, string][]) {
      const target = path.join(this.dir, file);
      const temp = `${target}.restore-${crypto.randomBytes(6).toString('hex')}`;
      this.staged.push({ temp, target });
      const fd = fs.openSync(temp, 'wx', 0o600);
      try {
        fs.writeFileSync(fd, secrets[name]);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
  }

  putInPlace(): void {
    for (const { temp, target } of this.staged) fs.renameSync(temp, target);
  }

  discard(): void {
    for (const { temp } of this.staged) fs.rmSync(temp, { force: true });
    if (this.createdDir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The rows, in one transaction: all of them and the counts the manifest gives, or none. */
async function writeRows(handle: DbHandle, archive: TarReader, backup: CheckedBackup, replace: boolean, maxBytes: number): Promise<Record<string, number>> {
  const { db, dialect } = handle;
  const rows: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    if (replace) for (const table of CLEARED_TABLES) await trx.deleteFrom(table).execute();
    // A site that has served a page holds the first-start content: the backup's words replace it.
    else await trx.deleteFrom('site_content_versions').execute();
    for (const table of backup.tables) {
      let batch: Record<string, unknown>[] = [];
      const insert = async () => {
        try {
          await trx
            .insertInto(table)
            .values(batch as never)
            .execute();
        } catch (error) {
          throw new Error(`The database refused the backup's ${table} rows: ${error instanceof Error ? error.message : String(error)}`);
        }
        batch = [];
      };
      for await (const row of rowsOf(archive, table, maxBytes)) {
        batch.push(row);
        if (batch.length === INSERT_BATCH) await insert();
      }
      if (batch.length) await insert();
      const { count } = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      rows[table] = Number(count);
      if (rows[table] !== backup.manifest.rows[table])
        throw new Error(`Restoring ${table} gave ${rows[table]} rows instead of ${backup.manifest.rows[table]}.`);
    }
    // Accounts from before addresses were confirmed count as confirmed, as the migration made them
    // (an unconfirmed account is removed after a week).
    if (!backup.manifest.migrations.includes('014_followers')) {
      await trx
        .updateTable('users')
        .set((eb) => ({ email_confirmed_at: eb.ref('date_joined') }))
        .where('email_confirmed_at', 'is', null)
        .execute();
    }
    // Followers from before they were matched by mailbox get theirs, and waiting mail its place in the order.
    if (!backup.manifest.migrations.includes('018_follower_mailbox')) await upgradeFollowerRows(trx);
    // Words from before the identity was written once get its references, their example sections, and count as set up once edited.
    if (!backup.manifest.migrations.includes('025_owner_identity')) await upgradeIdentityRows(trx);
    // Titles from before their plain text was stored get it.
    if (!backup.manifest.migrations.includes('027_publication_title_text')) await upgradeTitleRows(trx);
    // Rows came with their ids; new rows must be numbered after them.
    if (dialect === 'postgres') {
      for (const table of TABLES_WITH_SERIAL_ID) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
    }
  });
  return rows;
}

/**
 * Loads a backup into a site: the database rows (into SQLite or PostgreSQL, whichever the backup came
 * from), the files, and the signing secrets into DATA_DIR/secrets. Refuses a site that already has
 * content unless `replace` is given, which clears it first.
 *
 * All or nothing: every part of the archive is checked first (the manifest, each file's size and hash,
 * each row, every storage key, the secrets), and a refusal changes nothing. Then the files the site
 * lacks are stored and the secrets written beside their places, the rows go in one transaction, and
 * only once it has committed are the secrets renamed into place; a failure before that removes what
 * was written, so the site is left as it was.
 */
export async function restoreBackup(
  handle: DbHandle,
  storage: Storage,
  dataDir: string,
  file: string,
  { replace = false, maxEntryBytes = MAX_ENTRY_BYTES }: RestoreOptions = {},
): Promise<RestoreReport> {
  let archive: TarReader | undefined;
  const written: string[] = [];
  const secrets = new StagedSecrets(path.join(dataDir, 'secrets'));
  let backup: CheckedBackup;
  let rows: Record<string, number>;
  try {
    archive = new TarReader(file);
    backup = await checkBackup(archive, handle.db, maxEntryBytes);
    if (!replace) await refuseContent(handle.db);
    for (const { key } of await filesToWrite(storage, backup.manifest)) {
      await storage.put(key, archive.read(ENTRY.file(key)));
      written.push(key);
    }
    secrets.write(backup.secrets);
    rows = await writeRows(handle, archive, backup, replace, maxEntryBytes);
  } catch (error) {
    secrets.discard();
    const left = await deleteAll(storage, written);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      left.length
        ? `${message} The rows and secrets were left as they were, but these files it had stored could not be removed: ${left.join(', ')}.`
        : `${message} The site was left as it was.`,
    );
  } finally {
    archive?.close();
  }
  try {
    secrets.putInPlace();
  } catch (error) {
    throw new Error(
      `The rows and files are restored, but the signing secrets could not be put in place (${error instanceof Error ? error.message : String(error)}): copy ${ENTRY.secrets} from the archive into ${secrets.dir} by hand.`,
    );
  }

  const overridden = ['JWT_SECRET', 'RESET_SECRET'].filter((name) => process.env[name]);
  const secretsNote = overridden.length
    ? `written to ${secrets.dir}, but ${overridden.join(' and ')} in the environment take precedence`
    : `written to ${secrets.dir}`;
  const bytes = backup.manifest.files.reduce((sum, { size }) => sum + size, 0);
  return { manifest: backup.manifest, rows, files: backup.manifest.files.length, bytes, secrets: secretsNote };
}

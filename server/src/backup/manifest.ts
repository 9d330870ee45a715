import type { Database } from '../db/schema';
import { IMAGE_KEY_COLUMNS } from '../repositories/storedFiles';

export const FORMAT = 'research-site-backup';
export const FORMAT_VERSION = 1;

/**
 * The tables a backup carries, parents before children so that a restore can insert them in this
 * order. Sign-in counters, one-time app tokens and passkey challenges expire within the hour and are left out.
 */
export const TABLES = [
  'users',
  'galleries',
  'document_categories',
  'images',
  'documents',
  'audit_log',
  'user_sessions',
  'refresh_tokens',
  'site_content_versions',
  'publications',
  'talks',
  'download_counts',
  'news_items',
  'teaching_courses',
  'teaching_materials',
  'notes',
  'notebook_download_counts',
  'note_tags',
  'note_slugs',
  'note_revisions',
  'note_autosaves',
  'followers',
  'follow_announcements',
  'mail_queue',
  'passkeys',
  'recovery_codes',
  'site_settings',
] as const;
export type BackedUpTable = (typeof TABLES)[number] & keyof Database;

/** The key of the tables without a serial `id`, which the others are written in order of. */
export const NATURAL_KEYS: Partial<Record<BackedUpTable, string[]>> = {
  refresh_tokens: ['jti'],
  download_counts: ['document_id', 'week_start'],
  notebook_download_counts: ['note_id', 'week_start'],
  note_tags: ['note_id', 'tag'],
  note_slugs: ['slug'],
  teaching_materials: ['course_id', 'document_id'],
  site_settings: ['key'],
};

/**
 * The columns that hold storage keys: the files a backup carries are the ones these point at. A
 * nullable one (an image's medium rendition, a note's notebook) names no file when null, and is
 * absent from the rows of a backup written before it existed.
 */
const FILE_KEY_COLUMNS = {
  images: IMAGE_KEY_COLUMNS,
  documents: ['file_key'],
  notes: ['notebook_key'],
} as const satisfies Partial<Record<BackedUpTable, readonly string[]>>;

/** The columns of `table` that hold storage keys: none for most tables. */
export const keyColumnsOf = (table: string): readonly string[] => (FILE_KEY_COLUMNS as Partial<Record<string, readonly string[]>>)[table] ?? [];

/** Tables whose id a database sequence hands out; after a restore it continues past the restored ids. */
export const TABLES_WITH_SERIAL_ID: readonly BackedUpTable[] = TABLES.filter((table) => !NATURAL_KEYS[table]);

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The database it was taken from: a backup restores into either. */
  dialect: 'sqlite' | 'postgres';
  /** Schema migrations applied at the time: a restore refuses a backup newer than its own code. */
  migrations: string[];
  rows: Record<BackedUpTable, number>;
  files: { key: string; size: number; sha256: string }[];
}

/** The archive's entries: the manifest, the signing secrets, a table's rows (one JSON line each) and a stored file. */
export const ENTRY = {
  manifest: 'manifest.json',
  secrets: 'secrets.json',
  table: (table: string) => `database/${table}.jsonl`,
  file: (key: string) => `media/${key}`,
} as const;

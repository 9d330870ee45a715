/**
 * Table types for Kysely. Conventions shared by both dialects:
 * booleans are integers 0/1, times are ISO-8601 UTC strings, ids are integers.
 */
import type { Generated, Selectable } from 'kysely';

export interface Database {
  site_meta: SiteMetaTable;
  users: UsersTable;
  audit_log: AuditLogTable;
}

/** Key/value facts about the installation. */
export interface SiteMetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  interest_notes: Generated<string>;
  is_staff: Generated<number>;
  is_active: Generated<number>;
  date_joined: string;
  last_login: string | null;
  /** argon2id PHC string. */
  password: string;
  failed_logins: Generated<number>;
  locked_until: string | null;
}
export type UserRow = Selectable<UsersTable>;

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_email: string;
  action: string;
  subject: string;
  details: Generated<string>;
}

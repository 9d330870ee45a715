import type { Migration } from 'kysely';
import * as m001 from './001_site_meta';
import * as m002 from './002_users';
import * as m003 from './003_audit_log';
import * as m004 from './004_sessions';
import * as m005 from './005_media';

/** Every migration, in order. Both dialects run the same list. */
export const migrations: Record<string, Migration> = {
  '001_site_meta': m001,
  '002_users': m002,
  '003_audit_log': m003,
  '004_sessions': m004,
  '005_media': m005,
};

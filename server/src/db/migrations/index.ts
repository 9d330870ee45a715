import type { Migration } from 'kysely';

import * as m001 from './001_users';
import * as m002 from './002_audit_log';
import * as m003 from './003_sessions';
import * as m004 from './004_media';
import * as m005 from './005_abuse_counters_owner';
import * as m006 from './006_site_content';
import * as m007 from './007_download_counts';
import * as m008 from './008_publications';
import * as m009 from './009_pending_uploads';
import * as m010 from './010_news';
import * as m011 from './011_notes';
import * as m012 from './012_passkeys';
import * as m013 from './013_publication_fields';
import * as m014 from './014_followers';
import * as m015 from './015_talks';
import * as m016 from './016_teaching';
import * as m017 from './017_publication_selected';
import * as m018 from './018_follower_mailbox';
import * as m019 from './019_publication_citations';
import * as m020 from './020_note_notebooks';
import * as m021 from './021_notebook_download_counts';
import * as m022 from './022_rendered_version';
import * as m023 from './023_note_autosaves';
import * as m024 from './024_news_html';
import * as m025 from './025_owner_identity';
import * as m026 from './026_image_medium';
import * as m027 from './027_publication_title_text';

/** Every migration, in order. Both dialects run the same list. */
export const migrations: Record<string, Migration> = {
  '001_users': m001,
  '002_audit_log': m002,
  '003_sessions': m003,
  '004_media': m004,
  '005_abuse_counters_owner': m005,
  '006_site_content': m006,
  '007_download_counts': m007,
  '008_publications': m008,
  '009_pending_uploads': m009,
  '010_news': m010,
  '011_notes': m011,
  '012_passkeys': m012,
  '013_publication_fields': m013,
  '014_followers': m014,
  '015_talks': m015,
  '016_teaching': m016,
  '017_publication_selected': m017,
  '018_follower_mailbox': m018,
  '019_publication_citations': m019,
  '020_note_notebooks': m020,
  '021_notebook_download_counts': m021,
  '022_rendered_version': m022,
  '023_note_autosaves': m023,
  '024_news_html': m024,
  '025_owner_identity': m025,
  '026_image_medium': m026,
  '027_publication_title_text': m027,
};

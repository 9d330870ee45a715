/**
 * Table types for Kysely. Conventions shared by both dialects:
 * booleans are integers 0/1, times are ISO-8601 UTC strings, ids are integers.
 */
import type { Generated, Selectable } from 'kysely';

import type { TalkType } from '../../contract/talkRules';
import type { TeachingRole } from '../../contract/teachingRules';

export interface Database {
  users: UsersTable;
  audit_log: AuditLogTable;
  user_sessions: UserSessionsTable;
  refresh_tokens: RefreshTokensTable;
  app_tokens: AppTokensTable;
  abuse_counters: AbuseCountersTable;
  galleries: GalleriesTable;
  images: ImagesTable;
  document_categories: DocumentCategoriesTable;
  documents: DocumentsTable;
  site_content_versions: SiteContentVersionsTable;
  publications: PublicationsTable;
  download_counts: DownloadCountsTable;
  notebook_download_counts: NotebookDownloadCountsTable;
  pending_uploads: PendingUploadsTable;
  news_items: NewsItemsTable;
  notes: NotesTable;
  note_tags: NoteTagsTable;
  note_slugs: NoteSlugsTable;
  note_revisions: NoteRevisionsTable;
  note_autosaves: NoteAutosavesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  recovery_codes: RecoveryCodesTable;
  site_settings: SiteSettingsTable;
  followers: FollowersTable;
  follow_announcements: FollowAnnouncementsTable;
  mail_queue: MailQueueTable;
  teaching_courses: TeachingCoursesTable;
  teaching_materials: TeachingMaterialsTable;
  talks: TalksTable;
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
  /** 0/1; at most one 1: the site's owner. */
  is_owner: Generated<number>;
  date_joined: string;
  last_login: string | null;
  /** argon2id PHC string. */
  password: string;
  /** When the owner of the address confirmed it; null until then (such an account is removed after a week). */
  email_confirmed_at: string | null;
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

/** A sign-in: one refresh-token family, alive until revoked or its absolute expiry. */
export interface UserSessionsTable {
  id: Generated<number>;
  user_id: number;
  family: string;
  remember: Generated<number>;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}
export type UserSessionRow = Selectable<UserSessionsTable>;

export interface RefreshTokensTable {
  jti: string;
  session_id: number;
  issued_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AppTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the token handed out; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * A counter of attempts by scope (what is counted), subject (e.g. a normalized email, known or not) and
 * address (the client's, or '' when counted across addresses). It starts again once `expires_at` passes.
 */
export interface AbuseCountersTable {
  scope: string;
  subject: string;
  address: Generated<string>;
  count: number;
  expires_at: string;
  locked_until: string | null;
}

export interface GalleriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: Generated<string>;
  created_at: string;
}
export type GalleryRow = Selectable<GalleriesTable>;

/** An uploaded picture: the metadata-free original and its WebP renditions, by storage key. */
export interface ImagesTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  gallery_id: number | null;
  original_key: string;
  thumb_key: string;
  banner_key: string;
  /** Null for an image from before the medium rendition, until the background derives it. */
  medium_key: string | null;
  large_key: string;
  content_type: string;
  width: number;
  height: number;
  size: number;
  uploaded_at: string;
}
export type ImageRow = Selectable<ImagesTable>;

export interface DocumentCategoriesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: string;
}
export type DocumentCategoryRow = Selectable<DocumentCategoriesTable>;

export interface DocumentsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  category_id: number | null;
  /** 0/1; at most one 1 per category (partial unique index). */
  is_current: Generated<number>;
  file_key: string;
  /** The uploader's file name, cleaned; offered as the download name, never used on disk. */
  original_filename: string;
  content_type: string;
  size: number;
  uploaded_at: string;
}
export type DocumentRow = Selectable<DocumentsTable>;

/** One saved state of the site's words; the newest is the one shown. */
export interface SiteContentVersionsTable {
  id: Generated<number>;
  /** The whole content, as JSON. */
  body: string;
  saved_at: string;
  saved_by: string;
  /** The changed sections' names, one per line. */
  changed: Generated<string>;
  /** The state this one replaced; null for the first. */
  previous_id: number | null;
  /** The sections still holding the first start's example words, one per line. */
  example: Generated<string>;
}

/** A publication or working paper, keyed by its BibTeX citation key. */
export interface PublicationsTable {
  id: Generated<number>;
  cite_key: string;
  entry_type: string;
  title: string;
  title_html: string;
  /** The title's plain text, its formulas as readable characters (see htmlToPlainText). */
  title_text: Generated<string>;
  /** JSON array of names. */
  authors: string;
  venue: Generated<string>;
  year: number | null;
  doi: Generated<string>;
  arxiv: Generated<string>;
  ssrn: Generated<string>;
  url: Generated<string>;
  abstract: Generated<string>;
  abstract_html: Generated<string>;
  bibtex: string;
  is_working_paper: Generated<number>;
  document_id: number | null;
  position: number;
  updated_at: string;
  /** JSON object: the entry's fields, macros expanded; `{}` for rows imported before it was kept. */
  fields: Generated<string>;
  /** 1 when staff chose the paper for the home page. */
  selected: Generated<number>;
  /** JSON of the paper's Citations, formatted after each change of its entry; null until then. */
  citations: Generated<string | null>;
}
export type PublicationRow = Selectable<PublicationsTable>;

/** How often a document was downloaded in one week (which starts on Monday, UTC). */
export interface DownloadCountsTable {
  document_id: number;
  /** The Monday, as YYYY-MM-DD. */
  week_start: string;
  count: number;
}

/** Downloads of a note's notebook per week, as download_counts counts documents'. */
export interface NotebookDownloadCountsTable {
  note_id: number;
  /** The Monday, as YYYY-MM-DD. */
  week_start: string;
  count: number;
}

/** A stored file whose upload has not created its row yet; what a crash leaves here is removed later. */
export interface PendingUploadsTable {
  key: string;
  started_at: string;
}

/** A short news item for the home page. */
export interface NewsItemsTable {
  id: Generated<number>;
  /** When it happened, YYYY-MM-DD. */
  date: string;
  /** Inline Markdown as written. */
  text: string;
  /** The text rendered (inline HTML, sanitised); '' until a row from before it was stored is rendered. */
  text_html: Generated<string>;
  /** An http(s) address, an address on the site (/research/KEY), or ''. */
  link: Generated<string>;
  /** The Markdown renderer's version its HTML was made with. */
  rendered_version: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type NewsItemRow = Selectable<NewsItemsTable>;

/** A note; visitors see it once `status` is 'published'. */
export interface NotesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: Generated<string>;
  /** Newline-separated, in the writer's order. */
  tags: Generated<string>;
  cover_image_id: number | null;
  /** Markdown as written. */
  body: string;
  /** The body rendered and sanitised at save. */
  html: string;
  reading_minutes: Generated<number>;
  status: 'draft' | 'scheduled' | 'published';
  /** When a scheduled note is to be published. */
  publish_at: string | null;
  /** When it was first published; kept when it goes back to draft and is published again. */
  published_at: string | null;
  /** The last change of its text after it was published. */
  revised_at: string | null;
  /** The notebook it was made from (see services/notebookNotes.ts), or null. */
  notebook_key: Generated<string | null>;
  notebook_name: Generated<string | null>;
  notebook_kernel: Generated<string | null>;
  notebook_run_at: Generated<string | null>;
  /** The Markdown renderer's version its HTML was made with (markdown/render.ts RENDERER_VERSION). */
  rendered_version: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type NoteRow = Selectable<NotesTable>;

export interface NoteTagsTable {
  note_id: number;
  tag: string;
}

/** An earlier address of a published note, answered with a permanent redirect. */
export interface NoteSlugsTable {
  slug: string;
  note_id: number;
}

/** A saved state of a note, newest last. */
export interface NoteRevisionsTable {
  id: Generated<number>;
  note_id: number;
  title: string;
  slug: string;
  summary: string;
  tags: string;
  cover_image_id: number | null;
  body: string;
  saved_at: string;
  saved_by: string;
  /** Newline-separated names of the fields this save changed. */
  changed: Generated<string>;
}
export type NoteRevisionRow = Selectable<NoteRevisionsTable>;

/** A staff member's unsaved changes to a note (`note_id` null: a note not yet saved), newest wins. */
export interface NoteAutosavesTable {
  id: Generated<number>;
  user_id: number;
  note_id: number | null;
  /** The editor's fields as a save would send them (NoteInput, JSON), with the revision they started from. */
  input: string;
  saved_at: string;
}

/** A passkey: a WebAuthn credential a user registered, with what verifying its signatures needs. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** Base64url, as the browser reports it. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  sign_count: number;
  /** Comma-separated transports the authenticator named (internal, hybrid, usb...). */
  transports: Generated<string>;
  /** The account's WebAuthn user handle: random, shared by the user's passkeys. */
  user_handle: string;
  /** 0/1: synced to the person's other devices (a password manager or platform account). */
  backed_up: Generated<number>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export type PasskeyRow = Selectable<PasskeysTable>;

/** A challenge handed to the browser for one ceremony, spent when answered. */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'authenticate';
  /** Registration only: whose passkey it adds, under which user handle. */
  user_id: number | null;
  user_handle: string | null;
  expires_at: string;
}

/** A one-time recovery code; only its SHA-256 (hex) is kept. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** A setting of the whole site, by name; the value is JSON. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/**
 * Someone who follows the research by email: an account (user_id), or an address alone, which
 * receives nothing before its owner confirmed it. One row per address.
 */
export interface FollowersTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  /** The mailbox it delivers to (lib/email mailboxOf): what follow requests are counted and matched by. */
  mailbox: string;
  user_id: number | null;
  /** 0/1 each: the kinds of publication announced. */
  papers: Generated<number>;
  notes: Generated<number>;
  talks: Generated<number>;
  /** 0/1: one weekly mail instead of one per publication. */
  digest: Generated<number>;
  /** SHA-256 (hex) of the link that confirms an address given alone; cleared when the follower stops. */
  confirm_token_hash: string | null;
  confirmed_at: string | null;
  /** When the follower stopped the mail (the unsubscribe link); the row stays, so that the link keeps saying so. */
  stopped_at: string | null;
  /** The token of the follower's unsubscribe link, in every mail. */
  unsubscribe_token: string;
  /** A digest lists what was announced since this time... */
  digest_since: string | null;
  /** ...and is due at this one. */
  next_digest_at: string | null;
  created_at: string;
  updated_at: string;
}
export type FollowerRow = Selectable<FollowersTable>;

/**
 * A published item to announce to followers, once: released (and its mail queued) a few minutes
 * after it was published, so that corrections made meanwhile go out in the same, latest version.
 */
export interface FollowAnnouncementsTable {
  id: Generated<number>;
  kind: 'paper' | 'note' | 'talk';
  item_id: number;
  created_at: string;
  released_at: string | null;
}
export type FollowAnnouncementRow = Selectable<FollowAnnouncementsTable>;

/**
 * One message to one address, sent in the background. Follower mail is written at sending time from
 * the announcements it names (the items' latest versions); account mail is written when queued.
 */
export interface MailQueueTable {
  id: Generated<number>;
  kind: 'announcement' | 'digest' | 'follow-confirm' | 'account-confirm' | 'register-attempt';
  /** Lower first (repositories/mailQueue MAIL_PRIORITY): a confirmation link does not wait behind a thousand announcements. */
  priority: number;
  to_address: string;
  follower_id: number | null;
  /** Comma-separated announcement ids. */
  announcements: Generated<string>;
  subject: Generated<string>;
  text_body: Generated<string>;
  html_body: Generated<string>;
  state: 'pending' | 'sending' | 'sent' | 'failed' | 'dropped';
  attempts: Generated<number>;
  next_attempt_at: string;
  /** When an instance last took it to send: the sending rate is counted from these. */
  claimed_at: string | null;
  finished_at: string | null;
  last_error: Generated<string>;
  created_at: string;
}
export type MailQueueRow = Selectable<MailQueueTable>;

/** A talk, listed on the Talks page by its date. */
export interface TalksTable {
  id: Generated<number>;
  title: string;
  /** The conference, seminar series or course it belongs to, or ''. */
  event: Generated<string>;
  /** Where it is given (a city, an institution), or ''. */
  place: Generated<string>;
  /** When it is given, YYYY-MM-DD. */
  date: string;
  type: TalkType;
  /** Markdown as written. */
  abstract: Generated<string>;
  /** The abstract rendered and sanitised at save. */
  abstract_html: Generated<string>;
  slides_document_id: number | null;
  /** An http(s) address, or ''. */
  video: Generated<string>;
  publication_id: number | null;
  /** The Markdown renderer's version its HTML was made with. */
  rendered_version: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type TalkRow = Selectable<TalksTable>;

/** A course the owner taught, listed on the Teaching page newest first by `start_date`. */
export interface TeachingCoursesTable {
  id: Generated<number>;
  course: string;
  institution: string;
  /** Free text, as the institution names it: "Autumn 2025". */
  term: string;
  /** YYYY-MM-DD: orders the list and places the course in its academic year. */
  start_date: string;
  role: TeachingRole;
  /** Markdown as written. */
  description: Generated<string>;
  /** The description rendered and sanitised at save. */
  description_html: Generated<string>;
  /** An http(s) address, or ''. */
  link: Generated<string>;
  /** The Markdown renderer's version its HTML was made with. */
  rendered_version: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type TeachingCourseRow = Selectable<TeachingCoursesTable>;

/** A document of the library attached to a course, at a position in its list of materials. */
export interface TeachingMaterialsTable {
  course_id: number;
  document_id: number;
  position: number;
}

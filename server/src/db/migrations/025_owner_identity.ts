import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

type Item = { label: string; value: string; href?: string; from?: string };
type Card = { title: string; description: string; href?: string; from?: string };
type Body = {
  email: string;
  photo?: number | null;
  profiles?: { kind: string; url: string }[];
  cv: { contact: Item[]; links: Item[] };
  on_the_web: Card[];
};

/** The sections of the words as this migration knows them: all of them are example words on a first start. */
const FIRST_START_SECTIONS = [
  'Name',
  'Role',
  'Company name',
  'Email',
  'Tagline',
  'Photo',
  'Profile links',
  'Typewriter phrases',
  'Interest sections',
  'CV contact',
  'CV education',
  'CV experience',
  'CV skills',
  'CV languages',
  'CV nationality',
  'CV links',
  'CV additional information',
  'On the Web cards',
  'About text',
];

/** Profiles recognised by their host, so that a saved address becomes the identity's profile. */
const PROFILE_HOSTS: [kind: string, host: RegExp][] = [
  ['linkedin', /(^|\.)linkedin\.com$/],
  ['scholar', /^scholar\.google\./],
  ['github', /(^|\.)github\.com$/],
  ['ssrn', /(^|\.)ssrn\.com$/],
  ['orcid', /(^|\.)orcid\.org$/],
];

function kindOf(href: string | undefined): string | undefined {
  if (!href || !/^https?:\/\//i.test(href)) return undefined;
  try {
    const host = new URL(href).hostname.toLowerCase();
    return PROFILE_HOSTS.find(([, pattern]) => pattern.test(host))?.[0];
  } catch {
    return undefined;
  }
}

/**
 * The owner's identity written once: each saved state of the words gains the photo and the profiles,
 * and its CV lines and On the Web cards that repeated the email or a profile's address refer to it
 * instead. Each state records which sections still hold the example words of the first start, and a
 * site whose words staff already changed counts as set up, so its owner is not asked again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_content_versions')
    .addColumn('example', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await upgradeRows(db);
}

/**
 * Converts the saved states of the words written before this migration and says whether the site
 * counts as set up; a restore of an older backup runs it too, or its owner would be asked to set up
 * words they had written (and could clear them by starting empty).
 */
export async function upgradeRows(db: QueryExecutorProvider): Promise<void> {
  const rows = await sql<{ id: number; body: string; saved_by: string; changed: string; previous_id: number | null }>`
    select id, body, saved_by, changed, previous_id from site_content_versions order by id`.execute(db);
  const example = new Map<number, string[]>();
  let edited = false;
  for (const row of rows.rows) {
    const body = JSON.parse(row.body) as Body;
    const profiles: { kind: string; url: string }[] = body.profiles ?? [];
    const refer = <T extends Item | Card>(entry: T): T => {
      if (entry.from || !entry.href) return entry;
      if (entry.href.toLowerCase() === `mailto:${body.email.toLowerCase()}` && 'value' in entry) {
        const { href: _href, ...rest } = entry;
        return { ...rest, value: '', from: 'email' } as T;
      }
      const kind = kindOf(entry.href);
      if (!kind) return entry;
      const known = profiles.find((profile) => profile.kind === kind);
      if (!known) profiles.push({ kind, url: entry.href });
      else if (known.url !== entry.href) return entry;
      const { href: _href, ...rest } = entry;
      return ('value' in rest ? { ...rest, value: '', from: kind } : { ...rest, from: kind }) as T;
    };
    const next = {
      ...body,
      photo: body.photo ?? null,
      cv: { ...body.cv, contact: body.cv.contact.map(refer), links: body.cv.links.map(refer) },
      on_the_web: body.on_the_web.map(refer),
    };
    next.profiles = profiles;
    const firstStart = row.saved_by === 'first start';
    edited ||= !firstStart;
    const before = row.previous_id === null ? undefined : example.get(row.previous_id);
    const changed = new Set(row.changed ? row.changed.split('\n') : []);
    const sections = firstStart ? FIRST_START_SECTIONS : (before ?? []).filter((section) => !changed.has(section));
    example.set(row.id, sections);
    await sql`update site_content_versions set body = ${JSON.stringify(next)}, example = ${sections.join('\n')} where id = ${row.id}`.execute(db);
  }
  if (edited)
    await sql`insert into site_settings (key, value, updated_at) values ('owner_setup', ${JSON.stringify({ start: 'example' })}, ${new Date().toISOString()})
      on conflict (key) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_settings where key = 'owner_setup'`.execute(db);
  await db.schema.alterTable('site_content_versions').dropColumn('example').execute();
}

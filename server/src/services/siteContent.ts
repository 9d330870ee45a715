import type { FastifyInstance } from 'fastify';

import type { CurrentContent, SiteContent } from '../../contract/content';
import { changedSections, type ContentProblems, contentProblems } from '../../contract/contentRules';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import { type AuditActor, recordAudit } from '../repositories/audit';
import { findImageRow } from '../repositories/images';
import { contentVersion, currentContent, insertContentVersion } from '../repositories/siteContent';

export const STALE_CONTENT = 'The site content was changed by someone else since you opened it. Reload to see their changes, then make yours again.';

type Site = Pick<FastifyInstance, 'db' | 'changes'>;

/** The problems of (tidied) content, the photo's included: it must be a picture of the photo library. */
export async function siteContentProblems(db: Db, content: SiteContent): Promise<ContentProblems> {
  const photoInLibrary = content.photo === null || (await findImageRow(db, content.photo)) !== undefined;
  return contentProblems(content, { photoInLibrary });
}

/** How much of an earlier value the audit line quotes. */
const QUOTED_CHARS = 200;

/** The earlier value of what a save changes, quoted in the audit trail for a reader who wants to know what was there. */
function earlierValues(before: SiteContent, sections: string[]): string {
  const quote = (text: string) => `"${text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text}"`;
  const simple: Record<string, string> = {
    Name: before.name,
    Role: before.role,
    'Company name': before.company_name,
    Email: before.email,
    Tagline: before.tagline,
  };
  return sections.map((section) => (section in simple ? `${section} was ${quote(simple[section])}` : `${section} changed`)).join('; ');
}

/** The content as it stands after a save, or why it was refused. */
export type SaveOutcome = { current: CurrentContent } | { stale: true };

/**
 * Saves a new state if the editor started from the newest one (otherwise someone else saved in
 * between, and their change must not be lost), with an audit line naming what changed and what it
 * was. Content equal to the newest state saves nothing and announces nothing.
 */
export async function saveSiteContent(
  site: Site,
  actor: AuditActor,
  startedFrom: number,
  content: SiteContent,
  action = 'site_content.updated',
): Promise<SaveOutcome> {
  const outcome = await site.db.transaction().execute(async (trx) => {
    const current = await currentContent(trx);
    if (current.version !== startedFrom) return { stale: true as const };
    const changed = changedSections(current.content, content);
    if (changed.length === 0) return { current, saved: false };
    const savedAt = nowIso();
    // An edited section is the owner's own words from then on.
    const example = current.example.filter((section) => !changed.includes(section));
    const version = await insertContentVersion(trx, { content, savedAt, savedBy: actor.email, changed, previous: current.version, example });
    await recordAudit(
      trx,
      actor,
      action,
      `site content version ${version}`,
      `${earlierValues(current.content, changed)}. Reverting restores version ${current.version}.`,
    );
    return { current: { version, saved_at: savedAt, content, example }, saved: true };
  });
  if ('stale' in outcome) return outcome;
  if (outcome.saved) site.changes.publish('SiteContent');
  return { current: outcome.current };
}

/** Saves an earlier state again, as a new one; undefined when there is no such state. */
export async function restoreSiteContent(site: Site, actor: AuditActor, versionId: number, startedFrom: number): Promise<SaveOutcome | undefined> {
  const content = await contentVersion(site.db, versionId);
  if (!content) return undefined;
  return saveSiteContent(site, actor, startedFrom, content, 'site_content.restored');
}

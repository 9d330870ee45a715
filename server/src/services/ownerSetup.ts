import type { FastifyInstance } from 'fastify';

import type { CurrentContent } from '../../contract/content';
import { changedSections, IDENTITY_SECTIONS } from '../../contract/contentRules';
import type { OwnerIdentity, SetupInput } from '../../contract/setup';
import { keptExample, startedEmpty } from '../content/setupWords';
import { nowIso } from '../db/columns';
import { type AuditActor, recordAudit } from '../repositories/audit';
import { currentContent, insertContentVersion } from '../repositories/siteContent';
import { claimSetting, readSetting } from '../repositories/siteSettings';
import { siteContentProblems } from './siteContent';
import type { Refused } from './staffEdits';

type Site = Pick<FastifyInstance, 'db' | 'changes'>;

/** The setting that says the owner has set the site up (which start they chose, and when). */
const SETUP_KEY = 'owner_setup';

/** Whether the site still speaks as the example person: its owner has not set it up. */
export async function setupNeeded(site: Pick<Site, 'db'>): Promise<boolean> {
  return (await readSetting(site.db, SETUP_KEY)) === undefined;
}

export type SetupOutcome = { current: CurrentContent } | Refused | { alreadyDone: true };

/** The identity as typed, trimmed, without profiles left blank. */
function tidyIdentity({ start: _start, ...identity }: SetupInput): OwnerIdentity {
  return {
    name: identity.name.trim(),
    role: identity.role.trim(),
    email: identity.email.trim(),
    tagline: identity.tagline.trim(),
    photo: identity.photo,
    profiles: identity.profiles.map((profile) => ({ kind: profile.kind, url: profile.url.trim() })).filter((profile) => profile.url !== ''),
  };
}

/**
 * Makes the site the owner's, once: their identity replaces the example person's wherever the words
 * show it, and the example words either go (`empty`) or stay, marked as example until edited. The
 * identity's checks are the site-content editor's, answered under the setup form's field names.
 */
export async function completeSetup(site: Site, actor: AuditActor, input: SetupInput): Promise<SetupOutcome> {
  const identity = tidyIdentity(input);
  const outcome = await site.db.transaction().execute(async (trx) => {
    const current = await currentContent(trx);
    const content = input.start === 'empty' ? startedEmpty(identity) : keptExample(current.content, identity);
    // Every field's problems at once, in the form's order: the photo's come after the required fields'.
    const problems = await siteContentProblems(trx, content);
    if (Object.keys(problems).length > 0) return { problems };
    const savedAt = nowIso();
    // Claimed first, so that of two staff setting up at once only one does.
    if (!(await claimSetting(trx, SETUP_KEY, { start: input.start, at: savedAt }))) return { alreadyDone: true as const };
    const example = input.start === 'empty' ? [] : current.example.filter((section) => !IDENTITY_SECTIONS.includes(section));
    const changed = changedSections(current.content, content);
    const version = await insertContentVersion(trx, { content, savedAt, savedBy: actor.email, changed, previous: current.version, example });
    await recordAudit(
      trx,
      actor,
      'site.setup',
      `site content version ${version}`,
      input.start === 'empty' ? 'Set up the site, starting empty.' : 'Set up the site, keeping the example words to edit.',
    );
    return { current: { version, saved_at: savedAt, content, example } };
  });
  if ('current' in outcome) site.changes.publish('SiteContent');
  return outcome;
}

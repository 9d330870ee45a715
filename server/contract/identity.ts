/**
 * The owner's identity (name, role, email, photo, profiles, tagline) is kept once in the site's
 * words; the CV lines and On the Web cards that show the email or a profile refer to it (`from`)
 * instead of repeating it. This fills those references in, for every place that shows the words:
 * the SPA's pages (through useSiteContent) and the server's head tags, share image and mail.
 */
import type { LabelledItem, ProfileKind, ProfileLink, SiteContent, WebCard } from './content';

export const PROFILE_LABELS: Record<ProfileKind, string> = {
  linkedin: 'LinkedIn',
  scholar: 'Google Scholar',
  github: 'GitHub',
  ssrn: 'SSRN',
  orcid: 'ORCID',
  website: 'Website',
};

/** An address as a CV prints it: without the scheme, `www.` or a closing slash (`linkedin.com/in/ada`). */
export const shownAddress = (url: string) =>
  url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');

const profileUrl = (profiles: ProfileLink[], kind: ProfileKind) => profiles.find((profile) => profile.kind === kind)?.url;

/** A CV line as shown: a reference filled in from the identity, or undefined when the identity has no such profile. */
function resolveItem(item: LabelledItem, content: SiteContent): LabelledItem | undefined {
  if (!item.from) return item;
  const { from, ...line } = item;
  if (from === 'email') return content.email ? { ...line, value: content.email, href: `mailto:${content.email}` } : undefined;
  const url = profileUrl(content.profiles, from);
  return url ? { ...line, value: shownAddress(url), href: url } : undefined;
}

/** A card as shown: its address from the identity's profile (none: a Coming Soon card). */
function resolveCard(card: WebCard, content: SiteContent): WebCard {
  if (!card.from) return card;
  const { from, href: _stored, ...rest } = card;
  const url = profileUrl(content.profiles, from);
  return url ? { ...rest, href: url } : rest;
}

const resolveItems = (items: LabelledItem[], content: SiteContent) =>
  items.flatMap((item) => {
    const resolved = resolveItem(item, content);
    return resolved ? [resolved] : [];
  });

/** The words as visitors read them: every reference to the identity filled in. */
export function resolveContent(content: SiteContent): SiteContent {
  return {
    ...content,
    cv: { ...content.cv, contact: resolveItems(content.cv.contact, content), links: resolveItems(content.cv.links, content) },
    on_the_web: content.on_the_web.map((card) => resolveCard(card, content)),
  };
}

/** The owner's profiles as links, in the identity's order (footer, About, structured data). */
export const profileItems = (content: SiteContent): (LabelledItem & { href: string })[] =>
  content.profiles.map((profile) => ({ label: PROFILE_LABELS[profile.kind], value: shownAddress(profile.url), href: profile.url }));

/** The company the not-found page's footer names: the owner's name when none is given. */
export const companyName = (content: SiteContent) => content.company_name || content.name;

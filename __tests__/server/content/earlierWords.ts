import type { SiteContent } from '../../../server/contract/content';

/** The words as a site saved them before the identity was written once: no photo or profiles, the address in every line. */
export function earlierWords({ photo: _photo, profiles: _profiles, ...words }: SiteContent): Record<string, unknown> {
  const email = { label: 'Email', value: words.email, href: `mailto:${words.email}` };
  const linkedIn = { label: 'LinkedIn', value: 'linkedin.com/in/elias-northcote', href: 'https://www.linkedin.com/in/elias-northcote' };
  return {
    ...words,
    cv: { ...words.cv, contact: [email, words.cv.contact[1], linkedIn], links: [linkedIn, email] },
    on_the_web: words.on_the_web.map(({ from, ...card }) => (from ? { ...card, href: linkedIn.href } : card)),
  };
}

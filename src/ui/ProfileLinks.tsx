import type { LabelledItem } from '@/contract/content';

/**
 * The owner's profiles elsewhere (the CV's links: ORCID, Google Scholar, SSRN, GitHub, LinkedIn…),
 * marked `rel="me"` so that those sites and search engines can tell the same person owns both.
 */
/** The links that lead to a profile on another site (not an email address). */
export const profilesOf = (links: LabelledItem[]) =>
  links.filter((link): link is LabelledItem & { href: string } => typeof link.href === 'string' && /^https?:\/\//i.test(link.href));

export function ProfileLinks({ links, className }: { links: LabelledItem[]; className?: string }) {
  const profiles = profilesOf(links);
  if (profiles.length === 0) return null;
  return (
    <ul className={className}>
      {profiles.map(({ label, href }) => (
        <li key={href}>
          <a href={href} rel="me">
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}

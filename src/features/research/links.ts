import type { PublicationCore } from '@/contract/publications';

export interface PaperLink {
  label: string;
  href: string;
  /** Another site's page, opened in a new tab; the attached paper is the site's own download. */
  external: boolean;
}

/**
 * The addresses a reader may follow: the paper itself, the publisher's DOI, the preprint servers, the
 * entry's own link, then its further material (code, slides, data, video, poster).
 */
export function paperLinks(publication: PublicationCore, pdf = true): PaperLink[] {
  const list: PaperLink[] = [];
  const add = (label: string, href: string, external = true) => {
    if (!list.some((link) => link.href === href)) list.push({ label, href, external });
  };
  if (publication.paper_url) add(pdf ? 'PDF' : 'Paper', publication.paper_url, false);
  if (publication.doi) add('DOI', `https://doi.org/${publication.doi}`);
  if (publication.arxiv) add('arXiv', `https://arxiv.org/abs/${publication.arxiv}`);
  if (publication.ssrn) add('SSRN', `https://papers.ssrn.com/sol3/papers.cfm?abstract_id=${publication.ssrn}`);
  if (publication.url) add('Link', publication.url);
  for (const link of publication.links) add(link.label, link.href);
  return list;
}

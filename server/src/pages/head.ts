import { documentTitle, type PageHead } from '../../../src/content/head';
import { pages } from '../../../src/content/pages';
import { site } from '../../../src/content/site';

export const SHARE_IMAGE_PATH = '/share-image.png';
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

/** JSON inside a `<script>` data block: `<` escaped so no text can close the element. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The owner's profiles elsewhere, for search engines to connect (`sameAs`). */
function profileLinks(): string[] {
  const links = [site.linkedInUrl, ...pages.cv.links.map((link) => link.href), ...pages.onTheWeb.map((card) => card.href)];
  return [...new Set(links.filter((href): href is string => typeof href === 'string' && /^https?:/.test(href)))];
}

/** Structured data naming the owner, for the home page. */
export function personJsonLd(publicUrl: string): string {
  const person = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: site.name,
    jobTitle: site.role,
    email: `mailto:${site.email}`,
    url: `${publicUrl}/`,
    image: `${publicUrl}${SHARE_IMAGE_PATH}`,
    worksFor: { '@type': 'Organization', name: site.companyName },
    sameAs: profileLinks(),
  };
  return `<script type="application/ld+json">${scriptJson(person)}</script>`;
}

/**
 * The head of a server-rendered page: title, description, canonical address, and the tags link
 * previews read (OpenGraph, Twitter card) with the share image.
 */
export function pageHeadTags(head: PageHead, canonicalPath: string | undefined, publicUrl: string): string {
  const title = escapeHtml(documentTitle(head.title));
  const description = escapeHtml(head.description);
  const url = canonicalPath === undefined ? undefined : escapeHtml(`${publicUrl}${canonicalPath}`);
  const image = escapeHtml(`${publicUrl}${SHARE_IMAGE_PATH}`);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    url ? `<link rel="canonical" href="${url}">` : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(site.productName)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    url ? `<meta property="og:url" content="${url}">` : '',
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE_SIZE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_SIZE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(`${site.name}, ${site.role}`)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
  ];
  return tags.join('');
}

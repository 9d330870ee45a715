import type { ArticleHead } from '../../../src/app/serverPage';
import { documentTitle, type PageHead } from '../../../src/content/head';
import type { SiteContent } from '../../contract/content';
import { paths } from '../../contract/paths';
import type { ListedPublication, Paper } from '../../contract/publications';
import type { Talk } from '../../contract/talks';
import { escapeHtml } from '../lib/html';

export const SHARE_IMAGE_PATH = '/share-image.png';
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };

/** JSON inside a `<script>` data block: `<` escaped so no text can close the element. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** A schema.org thing of `type`, for structured data. */
const schemaOrg = (type: string, properties: Record<string, unknown>) => ({ '@context': 'https://schema.org', '@type': type, ...properties });

/** Structured data (JSON-LD) as the script element that carries it. */
const jsonLdScript = (data: unknown) => `<script type="application/ld+json">${scriptJson(data)}</script>`;

/** The owner's profiles elsewhere, for search engines to connect (`sameAs`): the identity's, then any other the words link to. */
function profileLinks(content: SiteContent): string[] {
  const links = [
    ...content.profiles.map((profile) => profile.url),
    ...content.cv.links.map((link) => link.href),
    ...content.on_the_web.map((card) => card.href),
  ];
  return [...new Set(links.filter((href): href is string => typeof href === 'string' && /^https?:/.test(href)))];
}

/** Structured data naming the owner, for the home page, from the words with their references to the identity filled in. */
export function personJsonLd(content: SiteContent, publicUrl: string): string {
  const person = schemaOrg('Person', {
    name: content.name,
    jobTitle: content.role,
    email: `mailto:${content.email}`,
    url: `${publicUrl}/`,
    image: `${publicUrl}${SHARE_IMAGE_PATH}`,
    ...(content.company_name ? { worksFor: { '@type': 'Organization', name: content.company_name } } : {}),
    sameAs: profileLinks(content),
  });
  return jsonLdScript(person);
}

/**
 * The head of a server-rendered page: title, description, canonical address, and the tags link
 * previews read (OpenGraph, Twitter card) with the share image.
 */
export function pageHeadTags(head: PageHead, content: SiteContent, canonicalPath: string | undefined, publicUrl: string, article?: ArticleHead): string {
  const title = escapeHtml(documentTitle(content.name, article?.title ?? head.title));
  const description = escapeHtml(article?.description ?? head.description);
  const url = canonicalPath === undefined ? undefined : escapeHtml(`${publicUrl}${canonicalPath}`);
  const image = escapeHtml(`${publicUrl}${article?.shareImagePath ?? SHARE_IMAGE_PATH}`);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    url ? `<link rel="canonical" href="${url}">` : '',
    `<meta property="og:type" content="${article ? 'article' : 'website'}">`,
    ...(article
      ? [
          article.publishedAt ? `<meta property="article:published_time" content="${escapeHtml(article.publishedAt)}">` : '',
          article.modifiedAt ? `<meta property="article:modified_time" content="${escapeHtml(article.modifiedAt)}">` : '',
          `<meta property="article:author" content="${escapeHtml(content.name)}">`,
          ...article.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}">`),
        ]
      : []),
    `<meta property="og:site_name" content="${escapeHtml(content.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    url ? `<meta property="og:url" content="${url}">` : '',
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE_SIZE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_SIZE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(article ? article.title : `${content.name}, ${content.role}`)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
  ];
  return tags.join('');
}

/** Authors as structured data names them; BibTeX's "and others" is no one's name. */
const people = (authors: string[]) => authors.filter((name) => name !== 'others').map((name) => ({ '@type': 'Person', name }));

/** Structured data for each publication, so that scholarly search engines can list them. */
export function scholarlyArticlesJsonLd(publications: ListedPublication[], publicUrl: string): string {
  if (publications.length === 0) return '';
  const articles = publications.map((publication) =>
    schemaOrg('ScholarlyArticle', {
      headline: publication.title_text,
      name: publication.title_text,
      author: people(publication.authors),
      ...(publication.year ? { datePublished: String(publication.year) } : {}),
      ...(publication.venue ? { isPartOf: { '@type': 'Periodical', name: publication.venue } } : {}),
      ...(publication.doi ? { sameAs: `https://doi.org/${publication.doi}` } : {}),
      url: `${publicUrl}${paths.paper(publication.key)}`,
    }),
  );
  return jsonLdScript(articles);
}

/**
 * Structured data for each talk: an `Event` the owner speaks at, on the day it names, at its place.
 * Talks have no page of their own: each is an anchor of the Talks page.
 */
export function eventsJsonLd(talks: Talk[], content: SiteContent, publicUrl: string): string {
  if (talks.length === 0) return '';
  const events = talks.map((talk) =>
    schemaOrg('Event', {
      name: talk.title,
      startDate: talk.date,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      ...(talk.place ? { location: { '@type': 'Place', name: talk.place, address: talk.place } } : {}),
      ...(talk.event ? { superEvent: { '@type': 'Event', name: talk.event } } : {}),
      ...(talk.abstract_text ? { description: talk.abstract_text } : {}),
      performer: { '@type': 'Person', name: content.name },
      url: `${publicUrl}${paths.talk(talk.id)}`,
    }),
  );
  return jsonLdScript(events);
}

/** Structured data for a note: a `BlogPosting` whose author is the owner as the home page names them. */
export function blogPostingJsonLd(article: ArticleHead, content: SiteContent, publicUrl: string): string {
  const url = `${publicUrl}${article.path}`;
  const posting = schemaOrg('BlogPosting', {
    headline: article.title,
    description: article.description,
    datePublished: article.publishedAt,
    dateModified: article.modifiedAt ?? article.publishedAt,
    keywords: article.tags,
    url,
    mainEntityOfPage: url,
    image: `${publicUrl}${article.shareImagePath ?? SHARE_IMAGE_PATH}`,
    author: { '@type': 'Person', name: content.name, jobTitle: content.role, url: `${publicUrl}/` },
  });
  return jsonLdScript(posting);
}

/** `<meta name="NAME" content="VALUE">`, or nothing without a value. */
const meta = (name: string, value: string | number | undefined) =>
  value === undefined || value === '' ? '' : `<meta name="${name}" content="${escapeHtml(String(value))}">`;

const THESIS_TYPES = new Set(['phdthesis', 'mastersthesis', 'thesis']);

/**
 * Where a paper appeared, by what it is, as Google Scholar asks: a journal, a conference's proceedings,
 * an institution's report series or a thesis's university. A working paper names no journal, even when
 * its entry names arXiv as one.
 */
function venueOf(paper: Paper): { journal?: string; conference?: string; reportBy?: string; thesisAt?: string } {
  const { institution } = paper.published_in;
  if (THESIS_TYPES.has(paper.entry_type)) return { thesisAt: institution };
  if (institution) return { reportBy: institution };
  if (!paper.venue || paper.kind.slug === 'working-paper') return {};
  if (paper.entry_type === 'article') return { journal: paper.venue };
  if (paper.entry_type === 'inproceedings' || paper.entry_type === 'conference') return { conference: paper.venue };
  return {};
}

/**
 * A paper's page described for Google Scholar (the `citation_*` tags its inclusion guidelines read)
 * and for other search engines (`ScholarlyArticle`). The attached paper is named when it is a PDF:
 * it is public, as the paper is, at an address crawlers may fetch.
 */
export function scholarlyArticleHead(article: ArticleHead, paper: Paper, publicUrl: string): string {
  const url = `${publicUrl}${article.path}`;
  const pdfUrl = paper.paper_is_pdf ? `${publicUrl}${paper.paper_url}` : undefined;
  const { journal, conference, reportBy, thesisAt } = venueOf(paper);
  const { volume, issue, first_page: firstPage, last_page: lastPage, number } = paper.published_in;
  const tags = [
    meta('citation_title', paper.title_text),
    ...paper.authors.filter((name) => name !== 'others').map((name) => meta('citation_author', name)),
    meta('citation_publication_date', paper.year ?? undefined),
    meta('citation_journal_title', journal),
    meta('citation_conference_title', conference),
    meta('citation_technical_report_institution', reportBy),
    meta('citation_technical_report_number', reportBy && number),
    meta('citation_dissertation_institution', thesisAt),
    meta('citation_volume', volume),
    meta('citation_issue', issue),
    meta('citation_firstpage', firstPage),
    meta('citation_lastpage', lastPage),
    meta('citation_doi', paper.doi),
    meta('citation_abstract_html_url', url),
    meta('citation_pdf_url', pdfUrl),
    ...paper.topics.map((topic) => meta('citation_keywords', topic.name)),
  ];
  const scholarly = schemaOrg('ScholarlyArticle', {
    headline: paper.title_text,
    name: paper.title_text,
    description: article.description,
    author: people(paper.authors),
    ...(paper.year ? { datePublished: String(paper.year) } : {}),
    ...(paper.venue ? { isPartOf: { '@type': journal ? 'Periodical' : 'CreativeWork', name: paper.venue } } : {}),
    ...(paper.abstract_text ? { abstract: paper.abstract_text } : {}),
    ...(paper.doi ? { sameAs: `https://doi.org/${paper.doi}` } : {}),
    ...(paper.topics.length > 0 ? { keywords: paper.topics.map((topic) => topic.name) } : {}),
    ...(pdfUrl ? { encoding: { '@type': 'MediaObject', contentUrl: pdfUrl, encodingFormat: 'application/pdf' } } : {}),
    url,
    mainEntityOfPage: url,
    image: `${publicUrl}${article.shareImagePath ?? SHARE_IMAGE_PATH}`,
  });
  return `${tags.join('')}${jsonLdScript(scholarly)}`;
}

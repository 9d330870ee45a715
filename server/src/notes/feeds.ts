/**
 * The notes as feeds (Atom and JSON Feed 1.1) with their full content: a reader sees the mathematics as
 * MathML and the charts as SVG, as the site shows them.
 */
import { XMLBuilder } from 'fast-xml-parser';

import type { SiteContent } from '../../contract/content';
import { paths } from '../../contract/paths';
import type { NoteRow } from '../db/schema';
import { mathMlOnly } from '../lib/math';
import { splitTags } from '../repositories/notes';

/** How many of the newest notes a feed carries. */
export const FEED_LENGTH = 20;

/**
 * The note's HTML with the site's addresses made absolute: a feed reader shows it away from the site.
 * The HTML is the renderer's own output, whose attributes are always in double quotes.
 */
export function absoluteHtml(html: string, publicUrl: string, pageUrl: string): string {
  return html
    .replace(/ (href|src)="\/(?!\/)/g, ` $1="${publicUrl}/`)
    .replace(/ href="#/g, ` href="${pageUrl}#`)
    .replace(/ srcset="([^"]*)"/g, (_match, list: string) => ` srcset="${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${publicUrl}/`)}"`);
}

/**
 * What XML 1.0 cannot carry (control characters other than tab, newline and carriage return, lone
 * surrogates, U+FFFE and U+FFFF). With the `u` flag a lone surrogate is a character of its own here.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/**
 * A text as both feeds carry it: without what XML cannot carry, and with line ends as an XML parser
 * reads them (a carriage return would come back as a newline), so that both feeds say the same.
 */
export function feedText(text: string): string {
  return text.replace(NOT_XML, '').replace(/\r\n?/g, '\n');
}

interface Author {
  name: string;
  url: string;
}

interface Entry {
  /** Permanent whatever the note's address becomes: built from its database id. */
  id: string;
  url: string;
  title: string;
  summary: string;
  html: string;
  published: string;
  updated: string;
  tags: string[];
}

interface Feed {
  id: string;
  homeUrl: string;
  title: string;
  description: string;
  updated: string;
  author: Author;
  entries: Entry[];
}

function feedOf(content: SiteContent, notes: NoteRow[], publicUrl: string): Feed {
  const name = feedText(content.name);
  const author = { name, url: `${publicUrl}/` };
  const newest = notes.reduce((latest, note) => Math.max(latest, Date.parse(note.revised_at ?? note.published_at ?? note.updated_at)), 0);
  return {
    id: `${publicUrl}${paths.notes}`,
    homeUrl: `${publicUrl}${paths.notes}`,
    title: `Notes | ${name}`,
    description: `Research notes by ${name}, ${feedText(content.role)}.`,
    updated: new Date(newest || Date.now()).toISOString(),
    author,
    entries: notes.slice(0, FEED_LENGTH).map((note) => {
      const url = `${publicUrl}${paths.note(note.slug)}`;
      const published = new Date(note.published_at ?? note.updated_at).toISOString();
      return {
        id: `${publicUrl}${paths.notes}/?p=${note.id}`,
        url,
        title: feedText(note.title),
        summary: feedText(note.summary),
        html: feedText(absoluteHtml(mathMlOnly(note.html), publicUrl, url)),
        published,
        updated: note.revised_at ? new Date(note.revised_at).toISOString() : published,
        tags: splitTags(note.tags).map(feedText),
      };
    }),
  };
}

/**
 * The Atom serialiser: every text and attribute value escaped (`&`, `<`, `>`, quotes), never a CDATA
 * section; attributes under `@_`, an element's text under `#text`.
 */
const atomWriter = new XMLBuilder({ ignoreAttributes: false, processEntities: true, format: true, suppressEmptyNode: true });

/** Atom (RFC 4287). */
function atom(feed: Feed, publicUrl: string): string {
  const author = { name: feed.author.name, uri: feed.author.url };
  const text = (value: string) => ({ '#text': value, '@_type': 'text' });
  const link = (href: string, type: string, rel = 'alternate') => ({ '@_rel': rel, '@_type': type, '@_href': href });
  return atomWriter.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      '@_xml:lang': 'en',
      id: feed.id,
      title: text(feed.title),
      subtitle: text(feed.description),
      updated: feed.updated,
      author,
      link: [link(feed.homeUrl, 'text/html'), link(`${publicUrl}${paths.atomFeed}`, 'application/atom+xml', 'self')],
      icon: `${publicUrl}/favicon.svg`,
      rights: text(`© ${feed.author.name}`),
      entry: feed.entries.map((entry) => ({
        id: entry.id,
        title: text(entry.title),
        link: [link(entry.url, 'text/html')],
        published: entry.published,
        updated: entry.updated,
        author,
        ...(entry.summary ? { summary: text(entry.summary) } : {}),
        content: { '#text': entry.html, '@_type': 'html' },
        category: entry.tags.map((tag) => ({ '@_term': tag, '@_label': tag })),
      })),
    },
  }) as string;
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
function jsonFeed(feed: Feed, publicUrl: string): string {
  const authors = [feed.author];
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.homeUrl,
    feed_url: `${publicUrl}${paths.jsonFeed}`,
    description: feed.description,
    language: 'en',
    authors,
    items: feed.entries.map((entry) => ({
      id: entry.id,
      url: entry.url,
      title: entry.title,
      ...(entry.summary ? { summary: entry.summary } : {}),
      content_html: entry.html,
      date_published: entry.published,
      date_modified: entry.updated,
      authors,
      tags: entry.tags,
    })),
  });
}

/** Both feeds of the newest published notes, as the bodies to answer. */
export function notesFeeds(content: SiteContent, notes: NoteRow[], publicUrl: string): { atom: string; json: string } {
  const feed = feedOf(content, notes, publicUrl);
  return { atom: atom(feed, publicUrl), json: jsonFeed(feed, publicUrl) };
}

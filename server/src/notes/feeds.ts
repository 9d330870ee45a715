/**
 * The notes as feeds (Atom and JSON Feed) with their full content: a reader sees the mathematics as
 * MathML and the charts as SVG, as the site shows them.
 */
import { Feed } from 'feed';

import { paths } from '../../../src/lib/paths';
import type { SiteContent } from '../../contract/content';
import type { NoteRow } from '../db/schema';
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

export function notesFeed(content: SiteContent, notes: NoteRow[], publicUrl: string): Feed {
  const author = { name: content.name, link: `${publicUrl}/` };
  const newest = notes.reduce((latest, note) => Math.max(latest, Date.parse(note.revised_at ?? note.published_at ?? note.updated_at)), 0);
  const feed = new Feed({
    id: `${publicUrl}${paths.notes}`,
    link: `${publicUrl}${paths.notes}`,
    title: `Notes | ${content.name}`,
    description: `Research notes by ${content.name}, ${content.role}.`,
    language: 'en',
    updated: new Date(newest || Date.now()),
    favicon: `${publicUrl}/favicon.svg`,
    copyright: `© ${content.name}`,
    author,
    feedLinks: { atom: `${publicUrl}${paths.atomFeed}`, json: `${publicUrl}${paths.jsonFeed}` },
  });
  for (const note of notes.slice(0, FEED_LENGTH)) {
    const url = `${publicUrl}${paths.note(note.slug)}`;
    const published = new Date(note.published_at ?? note.updated_at);
    feed.addItem({
      id: url,
      link: url,
      title: note.title,
      description: note.summary || undefined,
      content: absoluteHtml(note.html, publicUrl, url),
      date: note.revised_at ? new Date(note.revised_at) : published,
      published,
      author: [author],
      category: splitTags(note.tags).map((tag) => ({ name: tag, term: tag })),
    });
  }
  return feed;
}

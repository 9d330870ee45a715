import { PRELOADED_STATE_ID } from '../../../src/app/preloadedState';
import { NOT_FOUND_MARK } from '../../../src/app/servedNotFound';
import { documentTitle } from '../../../src/content/head';
import type { ThemeMode } from '../../../src/lib/theme/themeSlice';
import type { SiteContent } from '../../contract/content';
import { hasTypesetMath, KATEX_FIRST_FONTS, KATEX_FONT_FACES, KATEX_INLINE_STYLES_ID, paths } from '../../contract/paths';
import { escapeHtml } from '../lib/html';
import { katexStyles } from './katexStyles';

export interface DocumentParts {
  mode: ThemeMode;
  /** Tags of the head beyond the fixed ones (title, description, links, structured data). */
  head: string;
  scripts: string[];
  /** Server-rendered markup of the root element and its styles. */
  app?: { body: string; styles: string };
  /** The store's starting state, as JSON safe inside a script element. */
  state: string;
  /** The not-found page, which the browser shows whatever the address it is answered at. */
  notFound?: boolean;
  /**
   * A long text with formulas in its running lines (a note): KaTeX's main fonts are fetched with the page,
   * so that its lines do not wrap anew when they arrive (a long note shifted by 0.16 without). Elsewhere
   * (lists, a paper's abstract) its font faces are added once the page has painted (KATEX_FONT_FACES):
   * fetched with the page they cost the first paint more (0.2–0.4 s on a phone's connection) than the
   * small shift they save (0.009 on a paper's page).
   */
  mathInText?: boolean;
}

/** The notes' feeds, for feed readers given any page of the site. */
const FEED_LINKS = [
  `<link rel="alternate" type="application/atom+xml" title="Notes (Atom)" href="${paths.atomFeed}">`,
  `<link rel="alternate" type="application/feed+json" title="Notes (JSON Feed)" href="${paths.jsonFeed}">`,
].join('');

/**
 * A whole HTML page. Scripts never block the first paint; the styles of the server-rendered
 * markup are inline (the page's CSP allows them by their hashes), and styled-components then takes them over.
 */
export function htmlDocument({ mode, head, scripts, app, state, notFound = false, mathInText = false }: DocumentParts): string {
  // Only pages that show typeset mathematics carry KaTeX's styles (inline: no round trip before the first
  // paint; allowed by their hash like the others); its fonts swap in, never holding back the text.
  const math = app !== undefined && hasTypesetMath(app.body);
  const fontFacesLater = math && !mathInText;
  const mathStyles = math
    ? `<style id="${KATEX_INLINE_STYLES_ID}">${katexStyles({ fontFaces: !fontFacesLater })}</style>` +
      (fontFacesLater
        ? `<noscript><link rel="stylesheet" href="${KATEX_FONT_FACES}"></noscript>`
        : KATEX_FIRST_FONTS.map((font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`).join(''))
    : '';
  // A server-rendered page is readable before its scripts: they are fetched once it is painted, and so
  // are the stylesheets that can wait for that.
  const scriptTags = app
    ? `<script defer src="/boot.js" data-scripts="${escapeHtml(scripts.join(' '))}"${fontFacesLater ? ` data-styles="${KATEX_FONT_FACES}"` : ''}></script>`
    : scripts.map((src) => `<script defer src="${escapeHtml(src)}"></script>`).join('');
  // The first paint waits until the whole markup is parsed (the root element closed): a paint of the first
  // part, then a layout of everything after it, blocked the main thread twice. It does not wait for the
  // starting state after it, which only the scripts read.
  const styles = app ? `<link rel="expect" href="#root" blocking="render">${app.styles}` : '';
  const rootMark = notFound ? ` ${NOT_FOUND_MARK}` : '';
  const root = app
    ? `<div id="root"${rootMark}>${app.body}</div>`
    : `<noscript>This site needs JavaScript to show its pages.</noscript><div id="root"${rootMark}></div>`;
  const body = `${root}<script type="application/json" id="${PRELOADED_STATE_ID}">${state}</script>`;
  return [
    `<!doctype html><html lang="en"${mode === 'dark' ? ' class="dark"' : ''}><head>`,
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<link rel="icon" href="/favicon.svg">',
    FEED_LINKS,
    head,
    scriptTags,
    styles,
    mathStyles,
    `</head><body>${body}</body></html>`,
  ].join('');
}

/** The head of a page the browser draws itself (personal and staff screens): not for search engines. */
export function clientPageHead(content: SiteContent): string {
  return `<title>${escapeHtml(documentTitle(content.name))}</title><meta name="description" content="${escapeHtml(content.tagline)}"><meta name="robots" content="noindex">`;
}

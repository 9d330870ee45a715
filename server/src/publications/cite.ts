/**
 * The ways to cite a paper, made on the server with Citation.js so that no citation library reaches
 * the browser: APA and Chicago (author-date) as text and as HTML, RIS, and BibTeX. The styles are the
 * CSL project's own: APA as Citation.js ships it, Chicago from styles/chicago-author-date.csl.
 */
import '@citation-js/plugin-ris';
import '@citation-js/plugin-csl';

import fs from 'node:fs';
import path from 'node:path';

import { Cite, plugins } from '@citation-js/core';
import { fromHtml } from 'hast-util-from-html';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';

import type { Citations, Publication } from '../../contract/publications';
import { type CslItem, cslItem } from './csl';
import { htmlToPlainText } from './plainText';

/** Beside this module in the sources, beside the bundle in a build (scripts/buildServer.mjs copies it). */
const CHICAGO_FILE = path.join(__dirname, 'styles', 'chicago-author-date.csl');
const CHICAGO = 'chicago-author-date';
const LANG = 'en-US';
const csl = plugins.config.get('@csl');
csl.styles.add(CHICAGO, fs.readFileSync(CHICAGO_FILE, 'utf8'));
/**
 * Builds each style's engine, which takes a second or more from its file and holds about 100 MB: a
 * thread that formats citations calls this before it takes a task (the first paper's task has a
 * deadline), and threads that never format any never pay for them.
 */
export function prepareCitationEngines(): void {
  for (const style of ['apa', CHICAGO]) csl.engine([], style, LANG, 'text');
}

/**
 * Fields a reference manager keeps for its owner (where the PDF sits on their disk, their notes,
 * groups and reading marks), left out of the BibTeX given to visitors.
 */
const PRIVATE_FIELDS = new Set([
  'file',
  'annote',
  'comment',
  'owner',
  'timestamp',
  'groups',
  '__markedentry',
  'creationdate',
  'modificationdate',
  'readstatus',
  'ranking',
  'priority',
  'qualityassured',
  'printed',
  'mendeley-groups',
  'mendeley-tags',
]);

/** How a thesis is named, style by style, when its entry does not say (`type`). */
const THESIS_GENRES: Record<string, { apa: string; chicago: string }> = {
  phdthesis: { apa: 'Doctoral dissertation', chicago: 'PhD diss.' },
  mastersthesis: { apa: 'Master’s thesis', chicago: 'Master’s thesis' },
};

/**
 * The entry written out again with its @string macros expanded, without the private fields: the
 * entry as imported may use macros its file defined elsewhere, which a reader pasting it lacks.
 */
function bibtexOf(type: string, citeKey: string, fields: Record<string, string>): string {
  const lines = Object.entries(fields)
    .filter(([name]) => !PRIVATE_FIELDS.has(name))
    .map(([name, value]) => `  ${name} = {${value}}`);
  return `@${type}{${citeKey},\n${lines.join(',\n')}\n}\n`;
}

/** A name as RIS writes it: the particle (`van der`) with the family name, which Citation.js's RIS leaves out. */
const withParticle = (name: Record<string, string>) => {
  const { 'non-dropping-particle': particle, ...rest } = name;
  return particle ? { ...rest, family: `${particle} ${rest.family}` } : name;
};

/**
 * RIS as reference managers read it, from Citation.js's tags: a page range in `SP` and `EP` (Citation.js
 * writes it whole in `SP`), a preprint as unpublished work (`UNPB`) with its server and its arXiv id
 * (`AN`), and each field on one line (Citation.js breaks values every 70 characters, mid-word).
 */
function ris(item: CslItem, arxiv: string): string {
  const names = (list: unknown) => (Array.isArray(list) ? (list as Record<string, string>[]).map(withParticle) : list);
  const [{ TY, ...tags }] = new Cite({ ...item, author: names(item.author), editor: names(item.editor) }).format('ris', { format: 'object' });
  const preprint = item.type === 'article' && arxiv;
  const lines = [`TY  - ${String(preprint ? 'UNPB' : TY)}`];
  const add = (tag: string, value: unknown) => {
    for (const one of [value].flat()) lines.push(`${tag}  - ${String(one).replace(/\s+/g, ' ')}`);
  };
  for (const [tag, value] of Object.entries(tags)) {
    const [first, last] = tag === 'SP' && typeof value === 'string' ? value.split('-', 2) : [];
    if (last) {
      add('SP', first);
      add('EP', last);
    } else if (!(preprint && tag === 'C7')) add(tag, value);
  }
  if (preprint) {
    add('PB', item.publisher);
    add('AN', `arXiv:${arxiv}`);
  }
  return [...lines, 'ER  - ', ''].join('\n');
}

/**
 * Citeproc's HTML reduced to text, italics, bold and the superscripts and subscripts it writes for a
 * title's `²` or `₀` (without them `x²` read `x2`): nothing else of it reaches the page.
 */
const cleaner = unified()
  .use(rehypeSanitize, { tagNames: ['i', 'em', 'b', 'sup', 'sub'], attributes: {}, strip: ['script', 'style'] })
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } });
const cleanHtml = (html: string) => cleaner.stringify(cleaner.runSync(fromHtml(html, { fragment: true }))).trim();

/** The item in a style, as plain text (to copy) and as HTML (to show, with its italics). */
function bibliography(item: CslItem, template: string): { text: string; html: string } {
  const cite = new Cite(item);
  return {
    text: cite.format('bibliography', { template, format: 'text', lang: LANG }).trim(),
    html: cleanHtml(cite.format('bibliography', { template, format: 'html', lang: LANG })),
  };
}

/** A formula in a title marked for citeproc as "no case change", so that a style's title case does not make `σ` a `Σ`. */
const asWritten = (formula: string) => `<span class="nocase">${formula}</span>`;

/** Every way to cite the publication; `fields` are its entry's, `abstract` its abstract as plain text. */
export function citationsOf(publication: Publication, fields: Record<string, string>, abstract: string): Citations {
  const item = cslItem(publication, fields, abstract);
  const genre = !item.genre && Object.hasOwn(THESIS_GENRES, publication.entry_type) ? THESIS_GENRES[publication.entry_type] : undefined;
  const styled = { ...item, title: htmlToPlainText(publication.title_html, asWritten), ...(genre ? { genre: genre.apa } : {}) };
  const apa = bibliography(styled, 'apa');
  const chicago = bibliography(genre ? { ...styled, genre: genre.chicago } : styled, CHICAGO);
  return {
    apa: apa.text,
    chicago: chicago.text,
    bibtex: bibtexOf(publication.entry_type, publication.cite_key, fields),
    ris: ris(item, publication.arxiv),
    apa_html: apa.html,
    chicago_html: chicago.html,
  };
}

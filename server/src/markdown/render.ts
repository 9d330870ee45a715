/**
 * A note's Markdown made HTML, once per save: CommonMark with GitHub's tables, footnotes and task
 * lists (remark), then HTML (rehype). Raw HTML in the body is parsed and then sanitised with GitHub's
 * schema, so it can format but never run; what the site adds itself (MathML from KaTeX, highlighted
 * code, pictures from the library, charts) is added after sanitising, from the sanitised tree.
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { toString } from 'mdast-util-to-string';
import rehypeHighlight from 'rehype-highlight';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Processor, unified } from 'unified';
import { CONTINUE, EXIT, visit } from 'unist-util-visit';

import type { BodyProblem } from '../../contract/notes';
import { mathHtml } from '../lib/math';
import { type Chart, CHART_LIMITS, chartFigure, parseChart } from './charts';
import type { FoundPhotos } from './photos';

export interface RenderedNote {
  html: string;
  /** What must be put right before the note can be saved, by line. */
  problems: BodyProblem[];
  readingMinutes: number;
}

/**
 * Where a body sits in its page: the level its highest heading takes (a note's 2, under its title), or
 * `inline`, one paragraph's text inside a line of a list (a news item).
 */
export type BodyPlace = number | 'inline';

const PHOTO = /^photo:(\d{1,9})$/;

/**
 * What a body may hold so that rendering it stays well under a second (bench/noteRendering.ts
 * measures bodies at each limit). The parser's time grows with lines and, faster than linearly, with
 * separate quotes; the later steps' time grows with the number of parts (paragraphs, inline code,
 * formulas, links…). Quotes and lists nested deeper than `nesting` are refused because the syntax
 * trees are walked recursively. A long real note stays far below each.
 */
export const STRUCTURE_LIMITS = { nesting: 32, lines: 20_000, blocks: 4_000, markers: 1_000, parts: 25_000 };
/** What a page may carry of one body's HTML: a reader's phone downloads and lays out all of it. */
export const RENDERED_LIMIT_BYTES = 4_000_000;
const count = (n: number) => n.toLocaleString('en');
const STRUCTURE_MESSAGES = {
  nesting: `Quotes and lists nest at most ${STRUCTURE_LIMITS.nesting} levels deep.`,
  lines: `A note has at most ${count(STRUCTURE_LIMITS.lines)} lines: split it into several notes.`,
  blocks: `A note has at most ${count(STRUCTURE_LIMITS.blocks)} paragraphs and other blocks: split it into several notes.`,
  markers: `A note has at most ${count(STRUCTURE_LIMITS.markers)} quote and list markers: split it into several notes.`,
  parts: `A note has at most ${count(STRUCTURE_LIMITS.parts)} parts (paragraphs, formulas, code, links, emphasis…): split it into several notes.`,
};
const WORDS_PER_MINUTE = 230;
/** Ids in a note's HTML get this prefix, so that its HTML cannot take the page's own ids. */
const ID_PREFIX = 'user-content-';
/** Column width of the text: pictures are at most this wide on a large screen. */
const PICTURE_SIZES = '(max-width: 46rem) 100vw, 44rem';

const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, src: [...(defaultSchema.protocols?.src ?? []), 'photo'] },
};

const markdown = unified().use(remarkParse).use(remarkGfm).use(remarkMath);
/**
 * The block syntax inline text reads as plain text: a news item that starts with "1." or "#" is still
 * one sentence, and `$$…$$` is a formula within the line.
 */
const BLOCK_CONSTRUCTS = [
  'blockQuote',
  'codeFenced',
  'codeIndented',
  'definition',
  'headingAtx',
  'htmlFlow',
  'list',
  'setextUnderline',
  'thematicBreak',
  'table',
  'mathFlow',
  'gfmFootnoteDefinition',
  'gfmFootnoteCall',
  'gfmPotentialFootnoteCall',
];
function inlineOnly(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push({ disable: { null: BLOCK_CONSTRUCTS } });
}
const inlineMarkdown = unified().use(remarkParse).use(remarkGfm).use(remarkMath).use(inlineOnly);
const INLINE_MESSAGES = {
  pictures: 'Pictures are not shown in a line of text: link to the page that shows it instead.',
  paragraphs: 'Write one paragraph: leave out the blank line.',
};
/** Markdown to sanitised, highlighted HTML; with `raw`, HTML written in the body is parsed first (costly: only when there is some). */
const toHtml = (raw: boolean) =>
  unified()
    .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
    .use(raw ? [rehypeRaw] : [])
    .use(rehypeSanitize, schema)
    .use(rehypeHighlight, { detect: false, plainText: ['chart', 'math', 'text'] });
const withRawHtml = toHtml(true);
const withoutRawHtml = toHtml(false);
/**
 * Headings get ids from their text, after sanitising and with its prefix, so that a page's table of
 * contents and the body's own `#section` links (prefixed likewise) lead to them.
 */
const addHeadingIds = rehypeSlug({ prefix: ID_PREFIX });

const classes = (node: Element): string[] => (Array.isArray(node.properties.className) ? node.properties.className.map(String) : []);
const textOf = (node: ElementContent): string => (node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '');
const raw = (value: string) => ({ type: 'raw', value }) as unknown as ElementContent;

/** Problems of the Markdown itself: charts that do not parse, pictures that are not in the library or have no alt text. */
function checkSource(tree: MdastRoot, found: FoundPhotos): BodyProblem[] {
  const problems: BodyProblem[] = [];
  const wanted = new Map<number, number[]>();
  let charts = 0;
  visit(tree, (node) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'code' && node.lang === 'chart') {
      charts += 1;
      if (charts === CHART_LIMITS.charts + 1) problems.push({ line, message: `A note has at most ${CHART_LIMITS.charts} charts.` });
      const parsed = parseChart(node.value, line + 1);
      if ('problems' in parsed) problems.push(...parsed.problems);
    } else if (node.type === 'image') {
      const photo = PHOTO.exec(node.url);
      if (!photo) problems.push({ line, message: 'Pictures come from the photo library: write ![what it shows](photo:ID) with the ID the library gives.' });
      else wanted.set(Number(photo[1]), [...(wanted.get(Number(photo[1])) ?? []), line]);
      if (!node.alt?.trim())
        problems.push({ line, message: 'Describe the picture between the brackets, ![like this](photo:12): its alt text is what screen readers read.' });
    }
  });
  for (const [id, lines] of wanted)
    if (!found.has(id)) for (const line of lines) problems.push({ line, message: `There is no picture photo:${id} in the photo library.` });
  return problems;
}

/** Problems of inline text: it is one paragraph, without pictures. */
function checkInline(tree: MdastRoot): BodyProblem[] {
  const problems: BodyProblem[] = [];
  const second = tree.children[1];
  if (second) problems.push({ line: second.position?.start.line ?? 1, message: INLINE_MESSAGES.paragraphs });
  visit(tree, 'image', (node) => {
    problems.push({ line: node.position?.start.line ?? 1, message: INLINE_MESSAGES.pictures });
  });
  return problems;
}

/** The paragraphs' content side by side, without the paragraphs: text to place inside an element of the page. */
function unwrapParagraphs(tree: HastRoot): void {
  const paragraphs = tree.children.filter((node): node is Element => node.type === 'element' && node.tagName === 'p');
  tree.children = paragraphs.flatMap((paragraph, index) => (index === 0 ? paragraph.children : [{ type: 'text', value: ' ' } as const, ...paragraph.children]));
}

/** The site's own parts, added to the sanitised tree. Charts are drawn later (asynchronously): answered as the `pre` elements to replace. */
function addOwnParts(tree: HastRoot, photos: FoundPhotos, mathProblems: BodyProblem[], topHeading: number): { node: Element; chart: Chart | undefined }[] {
  const charts: { node: Element; chart: Chart | undefined }[] = [];
  // The page's title is its only h1: the text's highest heading level becomes `topHeading`, the others follow.
  let highest = 6;
  visit(tree, 'element', (node) => {
    if (/^h[1-6]$/.test(node.tagName)) highest = Math.min(highest, Number(node.tagName[1]));
  });
  const headingShift = Math.max(0, topHeading - highest);
  // The first picture is often the largest thing a reader sees first: it loads at once and first, the others when near.
  let pictures = 0;
  visit(tree, 'element', (node, index, parent) => {
    const { tagName, properties } = node;
    if (/^h[1-6]$/.test(tagName)) node.tagName = `h${Math.min(6, Number(tagName[1]) + headingShift)}`;
    if (tagName === 'a' && typeof properties.href === 'string' && properties.href.startsWith('#')) properties.href = `#${ID_PREFIX}${properties.href.slice(1)}`;
    if (tagName === 'input' && properties.type === 'checkbox') properties.ariaLabel = properties.checked ? 'Done' : 'Not done';
    if (tagName === 'table' && parent && index !== undefined) {
      // A wide table scrolls inside its own box, which keyboards can reach, rather than widening the page.
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: 'Table' },
        children: [node],
      };
      // Its cells are still visited: the walk goes on into the table itself.
      return undefined;
    }
    if (tagName === 'img') {
      const photo = PHOTO.exec(String(properties.src ?? ''));
      const found = photo && photos.get(Number(photo[1]));
      if (!found || !parent || index === undefined) {
        if (parent && index !== undefined) parent.children.splice(index, 1);
        return index;
      }
      node.properties = {
        src: found.src,
        srcSet: found.srcset,
        sizes: PICTURE_SIZES,
        width: found.width,
        height: found.height,
        alt: String(properties.alt ?? ''),
        loading: pictures === 0 ? 'eager' : 'lazy',
        decoding: 'async',
        ...(pictures === 0 && { fetchpriority: 'high' }),
      };
      pictures += 1;
    }
    if (tagName === 'code' && classes(node).includes('language-math') && parent && index !== undefined) {
      const display = parent.type === 'element' && parent.tagName === 'pre';
      const line = node.position?.start.line ?? parent.position?.start.line ?? 0;
      parent.children[index] = raw(
        mathHtml(textOf(node), display, (message) => mathProblems.push({ line, message: `This formula does not parse: ${message}` })),
      );
      return 'skip';
    }
    if (tagName === 'pre' && node.children[0]?.type === 'element' && classes(node.children[0]).includes('language-chart')) {
      const parsed = parseChart(textOf(node.children[0]), 1);
      charts.push({ node, chart: 'chart' in parsed ? parsed.chart : undefined });
      return 'skip';
    }
    return undefined;
  });
  // A display formula is its own block: the <pre> around it would keep its source's line breaks.
  visit(tree, 'element', (node, index, parent) => {
    if (node.tagName === 'pre' && node.children.length === 1 && (node.children[0] as { type: string }).type === 'raw' && parent && index !== undefined) {
      // A wide formula scrolls in its own box, which keyboards can reach.
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['math-display'], tabIndex: 0, role: 'region', ariaLabel: 'Formula' },
        children: node.children,
      };
    } else if (node.tagName === 'pre') {
      // A long line of code scrolls sideways: keyboards must reach it too.
      node.properties.tabIndex = 0;
    }
  });
  return charts;
}

/** What the Markdown parser cannot take in bounded time (see STRUCTURE_LIMITS), found in one pass before parsing. */
function structureProblem(body: string): BodyProblem | undefined {
  const lines = body.split('\n');
  if (lines.length > STRUCTURE_LIMITS.lines) return { line: STRUCTURE_LIMITS.lines + 1, message: STRUCTURE_MESSAGES.lines };
  let blocks = 0;
  let markers = 0;
  let blank = true;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    let depth = 0;
    let at = 0;
    while (at < line.length && depth <= STRUCTURE_LIMITS.nesting) {
      while (line[at] === ' ' || line[at] === '\t') at += 1;
      if (line[at] === '>') at += 1;
      else if ('-*+'.includes(line[at] ?? '.') && (line[at + 1] === ' ' || line[at + 1] === undefined)) at += 1;
      else if (/\d/.test(line[at] ?? '')) {
        const start = at;
        while (/\d/.test(line[at] ?? '') && at - start < 9) at += 1;
        if (line[at] !== '.' && line[at] !== ')') break;
        at += 1;
      } else break;
      depth += 1;
    }
    if (depth > STRUCTURE_LIMITS.nesting) return { line: index + 1, message: STRUCTURE_MESSAGES.nesting };
    markers += depth;
    if (markers > STRUCTURE_LIMITS.markers) return { line: index + 1, message: STRUCTURE_MESSAGES.markers };
    const isBlank = line.trim() === '';
    if (blank && !isBlank && ++blocks > STRUCTURE_LIMITS.blocks) return { line: index + 1, message: STRUCTURE_MESSAGES.blocks };
    blank = isBlank;
  }
  return undefined;
}

/** A tree of more parts than STRUCTURE_LIMITS allows, by the line where the limit is passed. */
function partsProblem(tree: MdastRoot): BodyProblem | undefined {
  let parts = 0;
  let problem: BodyProblem | undefined;
  visit(tree, (node) => {
    if (++parts <= STRUCTURE_LIMITS.parts) return CONTINUE;
    problem = { line: node.position?.start.line ?? 1, message: STRUCTURE_MESSAGES.parts };
    return EXIT;
  });
  return problem;
}

/**
 * Renders a note's body (or other Markdown, such as a talk's abstract, whose headings start at
 * `place` under the headings of the page that shows it, or a news item's inline text). Problems (by
 * line) are what a save refuses; the HTML is whole either way, so that the preview shows everything
 * that did render.
 */
export async function renderMarkdown(body: string, found: FoundPhotos, place: BodyPlace = 2): Promise<RenderedNote> {
  const inline = place === 'inline';
  const topHeading = inline ? 2 : place;
  const structure = structureProblem(body);
  if (structure) return { html: '', problems: [structure], readingMinutes: 1 };
  const mdast = (inline ? inlineMarkdown : markdown).parse(body);
  const parts = partsProblem(mdast);
  if (parts) return { html: '', problems: [parts], readingMinutes: 1 };
  const problems = inline ? checkInline(mdast) : checkSource(mdast, found);
  const words = toString(mdast).split(/\s+/).filter(Boolean).length;
  let hasHtml = false;
  visit(mdast, 'html', () => {
    hasHtml = true;
    return false;
  });
  const hast = (await (hasHtml ? withRawHtml : withoutRawHtml).run(mdast)) as HastRoot;
  // Only a body that is a page of its own: a list of talks or courses would repeat their headings' ids.
  if (place === 2) addHeadingIds(hast);
  const mathProblems: BodyProblem[] = [];
  // Inline text shows no pictures: none is found for it.
  const charts = addOwnParts(hast, inline ? new Map() : found, mathProblems, topHeading);
  if (inline) unwrapParagraphs(hast);
  await Promise.all(
    charts.slice(0, CHART_LIMITS.charts).map(async ({ node, chart }, index) => {
      const html = chart ? await chartFigure(chart, `chart-${index + 1}`) : '<p class="chart-error">This chart could not be drawn.</p>';
      node.tagName = 'div';
      node.properties = { className: ['chart-block'] };
      node.children = [raw(html)];
    }),
  );
  const html = unified().use(rehypeStringify, { allowDangerousHtml: true }).stringify(hast);
  const size = Buffer.byteLength(html);
  const tooLarge = size > RENDERED_LIMIT_BYTES;
  if (tooLarge)
    problems.push({
      line: 1,
      message: `This comes to ${(size / 1e6).toFixed(1)} MB of HTML; at most ${RENDERED_LIMIT_BYTES / 1e6} MB is published: draw fewer points in its charts, or split it into several notes.`,
    });
  return {
    // Too large to publish is too large to preview: handing megabytes to the main thread and the editor would stall both.
    html: tooLarge ? '' : html,
    problems: [...problems, ...mathProblems].sort((a, b) => a.line - b.line),
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
  };
}

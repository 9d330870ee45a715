/**
 * The HTML of a title or abstract (escaped text, emphasis, KaTeX's MathML) as plain text that reads
 * like the rendered page: `Why $\partial_\theta \mathbb{E}[f(X)]$ matters` becomes `Why ∂θ E[f(X)] matters`.
 * Screen readers hear it in accessible names, and search results and citations show it, where TeX
 * source would be read out symbol by symbol.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const decode = (text: string) =>
  text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (entity, hex?: string, decimal?: string, name?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : (ENTITIES[name?.toLowerCase() ?? ''] ?? entity),
  );

interface Element {
  tag: string;
  children: Node[];
}
type Node = Element | string;

/** Elements that never have content, as HTML writes them without a closing tag. */
const VOID = new Set(['br', 'img', 'hr', 'wbr', 'mspace', 'none', 'mprescripts']);

/**
 * The markup as a tree. It is the server's own rendering, so it is well formed; a stray closing tag
 * closes up to its element, or is ignored when none is open.
 */
function parse(html: string): Element {
  const root: Element = { tag: '', children: [] };
  const open: Element[] = [root];
  const tag = /<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g;
  let at = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (match.index > at) open[open.length - 1].children.push(decode(html.slice(at, match.index)));
    at = match.index + match[0].length;
    const [, closing, name, selfClosing] = match;
    const lower = name.toLowerCase();
    if (closing) {
      const depth = open.map((element) => element.tag).lastIndexOf(lower);
      if (depth > 0) open.length = depth;
    } else {
      const element: Element = { tag: lower, children: [] };
      open[open.length - 1].children.push(element);
      if (!selfClosing && !VOID.has(lower)) open.push(element);
    }
  }
  if (at < html.length) open[open.length - 1].children.push(decode(html.slice(at)));
  return root;
}

const SUPERSCRIPTS: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '−': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
  n: 'ⁿ',
  i: 'ⁱ',
};
const SUBSCRIPTS: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '−': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
};

/** The text in raised or lowered characters when Unicode has all of them, else undefined. */
function shifted(text: string, table: Record<string, string>): string | undefined {
  const chars = [...text].map((char) => table[char]);
  return chars.every(Boolean) ? chars.join('') : undefined;
}

/** Operators read with a space on each side (a + b = c), as they are drawn. */
const SPACED = new Set(['+', '−', '-', '=', '<', '>', '≤', '≥', '≠', '≈', '∼', '≡', '→', '←', '↦', '∈', '∉', '⊂', '⊆', '×', '·', '±', '∣']);

/** One part of a formula, grouped in brackets when it is more than a character, as `e^(μt)` or `(a + b)/2`. */
const grouped = (text: string) => ([...text].length > 1 ? `(${text})` : text);

function mathText(node: Node): string {
  if (typeof node === 'string') return node;
  const parts = node.children.filter((child) => typeof child !== 'string' || child.trim()).map(mathText);
  switch (node.tag) {
    case 'annotation':
    case 'annotation-xml':
      return '';
    // A styled letter (𝔼, ℱ, 𝐱) reads as its plain letter.
    case 'mi':
    case 'mn':
    case 'mtext':
      return parts.join('').normalize('NFKC');
    case 'mo': {
      const operator = parts.join('').normalize('NFKC');
      if (operator === ',') return ', ';
      return SPACED.has(operator) ? ` ${operator} ` : operator;
    }
    case 'mspace':
      return ' ';
    case 'msup':
      return `${parts[0] ?? ''}${shifted(parts[1] ?? '', SUPERSCRIPTS) ?? `^${grouped(parts[1] ?? '')}`}`;
    case 'msub':
      return `${parts[0] ?? ''}${shifted(parts[1] ?? '', SUBSCRIPTS) ?? parts[1] ?? ''}`;
    case 'msubsup':
      return `${parts[0] ?? ''}${shifted(parts[1] ?? '', SUBSCRIPTS) ?? parts[1] ?? ''}${shifted(parts[2] ?? '', SUPERSCRIPTS) ?? `^${grouped(parts[2] ?? '')}`}`;
    case 'mfrac':
      return `${grouped(parts[0]?.trim() ?? '')}/${grouped(parts[1]?.trim() ?? '')}`;
    case 'msqrt':
      return `√${grouped(parts.join('').trim())}`;
    case 'mroot':
      return `${shifted(parts[1] ?? '', SUPERSCRIPTS) ?? ''}√${grouped(parts[0]?.trim() ?? '')}`;
    default:
      return parts.join('');
  }
}

function text(node: Node): string {
  if (typeof node === 'string') return node;
  if (node.tag === 'math') return mathText(node);
  return node.children.map(text).join('');
}

/** The HTML's text, mathematics included as readable characters, on one line. */
export function htmlToPlainText(html: string): string {
  return text(parse(html)).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}

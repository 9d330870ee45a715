/**
 * The HTML of a title or abstract (escaped text, emphasis, KaTeX's MathML) as plain text that reads
 * like the rendered page: `Why $\partial_\theta \mathbb{E}[f(X)]$ matters` becomes `Why ∂θ E[f(X)] matters`.
 * Screen readers hear it in accessible names, and search results and citations show it, where TeX
 * source would be read out symbol by symbol.
 */

import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';

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

function mathText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  const parts = node.children.filter((child) => child.type === 'element' || (child.type === 'text' && child.value.trim())).map(mathText);
  switch (node.tagName) {
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

/**
 * Each formula of the tree in place as the text it reads as, so that the tree's text is the page's.
 * KaTeX's typeset copy of a formula (hidden from screen readers) says it again: it is left out.
 */
function readFormulas(parent: Root | Element, formula: (text: string) => string): void {
  parent.children = parent.children
    .filter((child) => !(child.type === 'element' && Array.isArray(child.properties.className) && child.properties.className.includes('katex-html')))
    .map((child) => {
      if (child.type !== 'element') return child;
      if (child.tagName === 'math') return { type: 'text', value: formula(mathText(child)) };
      readFormulas(child, formula);
      return child;
    });
}

/**
 * The HTML's text, mathematics included as readable characters, on one line; `formula` writes each
 * formula's text into it (as it is, unless given).
 */
export function htmlToPlainText(html: string, formula: (text: string) => string = (text) => text): string {
  const tree = fromHtml(html, { fragment: true });
  readFormulas(tree, formula);
  return (
    toText(tree)
      // MathML's invisible operators: a function applied (`sin x`, `log(x)`), times, a separator, plus.
      .replace(/\u2061(?=\()/g, '')
      .replace(/\u2061/g, ' ')
      .replace(/[\u2062-\u2064]/g, '')
      .replace(/\s+/g, ' ')
      .replace(/\( /g, '(')
      .replace(/ \)/g, ')')
      .trim()
  );
}

/**
 * Styled letters (`\mathbb{E}`, `\mathcal{F}`, `\boldsymbol{x}`) as Unicode's mathematical letters.
 * KaTeX writes them as `<mi mathvariant="double-struck">E</mi>`, but browsers that follow MathML Core
 * (Chromium among them) draw only `mathvariant="normal"`: the letter must be 𝔼 itself to look like 𝔼.
 */

/** Where each style's A, a and 0 (when it has digits) start in the Mathematical Alphanumeric Symbols block. */
const STYLES: Record<string, { latin: number; digits?: number; greek?: number }> = {
  bold: { latin: 0x1d400, digits: 0x1d7ce, greek: 0x1d6a8 },
  italic: { latin: 0x1d434, greek: 0x1d6e2 },
  'bold-italic': { latin: 0x1d468, greek: 0x1d71c },
  script: { latin: 0x1d49c },
  'bold-script': { latin: 0x1d4d0 },
  fraktur: { latin: 0x1d504 },
  'double-struck': { latin: 0x1d538, digits: 0x1d7d8 },
  'bold-fraktur': { latin: 0x1d56c },
  'sans-serif': { latin: 0x1d5a0, digits: 0x1d7e2 },
  'bold-sans-serif': { latin: 0x1d5d4, digits: 0x1d7ec, greek: 0x1d756 },
  'sans-serif-italic': { latin: 0x1d608 },
  'sans-serif-bold-italic': { latin: 0x1d63c, greek: 0x1d790 },
  monospace: { latin: 0x1d670, digits: 0x1d7f6 },
};

/** Letters Unicode had encoded before the block: their places in it are left empty. */
const EARLIER: Record<string, Record<string, string>> = {
  italic: { h: 'ℎ' },
  script: { B: 'ℬ', E: 'ℰ', F: 'ℱ', H: 'ℋ', I: 'ℐ', L: 'ℒ', M: 'ℳ', R: 'ℛ', e: 'ℯ', g: 'ℊ', o: 'ℴ' },
  fraktur: { C: 'ℭ', H: 'ℌ', I: 'ℑ', R: 'ℜ', Z: 'ℨ' },
  'double-struck': { C: 'ℂ', H: 'ℍ', N: 'ℕ', P: 'ℙ', Q: 'ℚ', R: 'ℝ', Z: 'ℤ' },
};

/** The Greek letters in the block's order: capitals (ϴ in the gap after Ρ), ∇, small letters, then variants. */
const GREEK = 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡϴΣΤΥΦΧΨΩ∇αβγδεζηθικλμνξοπρςστυφχψω∂ϵϑϰϕϱϖ';

function styled(char: string, variant: string): string | undefined {
  const style = STYLES[variant];
  if (!style) return undefined;
  const earlier = EARLIER[variant]?.[char];
  if (earlier) return earlier;
  const code = char.codePointAt(0)!;
  if (code >= 0x41 && code <= 0x5a) return String.fromCodePoint(style.latin + code - 0x41);
  if (code >= 0x61 && code <= 0x7a) return String.fromCodePoint(style.latin + 26 + code - 0x61);
  if (code >= 0x30 && code <= 0x39 && style.digits) return String.fromCodePoint(style.digits + code - 0x30);
  const greek = GREEK.indexOf(char);
  if (greek >= 0 && style.greek) return String.fromCodePoint(style.greek + greek);
  return undefined;
}

const STYLED_TOKEN = /<(mi|mn|mtext) mathvariant="([a-z-]+)">([^<]*)<\/\1>/g;

/** The MathML with every styled letter written as its mathematical character (a token with any other character is kept as it is). */
export function unicodeMathVariants(mathml: string): string {
  return mathml.replace(STYLED_TOKEN, (token, tag: string, variant: string, text: string) => {
    const chars = [...text].map((char) => styled(char, variant));
    if (chars.some((char) => char === undefined)) return token;
    return `<${tag}>${chars.join('')}</${tag}>`;
  });
}

/**
 * How long the heaviest note bodies take to render (Markdown, KaTeX, highlighting, charts): a
 * crafted body at the size limit must not hold the server for long. Each case fills the 200 KB limit.
 */
import { NOTE_LIMITS } from '../server/contract/noteRules';
import { renderMarkdown, STRUCTURE_LIMITS } from '../server/src/markdown/render';

const LIMIT = NOTE_LIMITS.bodyBytes;
const fill = (unit: string, prefix = '', suffix = '') =>
  prefix + unit.repeat(Math.floor((LIMIT - prefix.length - suffix.length) / Buffer.byteLength(unit))) + suffix;

function chartBlock(rows: number, columns: number, index: number): string {
  const header = ['date', ...Array.from({ length: columns - 1 }, (_, c) => `s${c}`)].join(',');
  const lines = Array.from({ length: rows }, (_, r) =>
    [
      new Date(Date.UTC(2000, 0, 1 + r)).toISOString().slice(0, 10),
      ...Array.from({ length: columns - 1 }, (_, c) => (1 + Math.sin(r / 50 + c + index) / 3).toFixed(4)),
    ].join(','),
  );
  return ['```chart', 'type: line', `title: Chart ${index}`, 'log: y', '---', header, ...lines, '```', ''].join('\n');
}

/** Bodies at the limit that stress each stage, and a realistic long note. */
export const WORST_CASES: Record<string, string> = {
  'long note (prose, math, code)': fill(
    'The price $S_t$ follows $dS_t = \\mu S_t\\,dt + \\sigma S_t\\,dW_t$, so that **returns** are *normal*.\n\n```python\nimport numpy as np\nx = np.cumsum(np.random.randn(252))\n```\n\n',
  ),
  'formulas only': fill('$\\frac{\\partial V}{\\partial t} + \\tfrac12\\sigma^2 S^2 \\frac{\\partial^2 V}{\\partial S^2} = rV$ '),
  'nested emphasis delimiters': fill('*a _b '),
  'unclosed brackets': fill('[a ', '', ''),
  'deep block quotes': fill('> '),
  'nested lists': fill('- ', '', ''),
  'as many lines as allowed': `${'x'.repeat(Math.floor(LIMIT / STRUCTURE_LIMITS.lines) - 2)}\n`.repeat(STRUCTURE_LIMITS.lines - 1),
  'as many blocks as allowed': fill('word ', 'x\n\n'.repeat(STRUCTURE_LIMITS.blocks - 1)),
  'as many separate quotes as allowed': fill('word ', '> quoted\n\n'.repeat(STRUCTURE_LIMITS.markers)),
  'quotes nested to the limit, as many as allowed': fill(
    'word ',
    `${'> '.repeat(STRUCTURE_LIMITS.nesting)}x\n\n`.repeat(Math.floor(STRUCTURE_LIMITS.markers / STRUCTURE_LIMITS.nesting)),
  ),
  'list items, as many as allowed': fill('word ', '- item\n'.repeat(STRUCTURE_LIMITS.markers), '\n\n'),
  'inline code, as many parts as allowed': fill('word ', '`a` '.repeat(STRUCTURE_LIMITS.parts / 2 - 2)),
  'inline formulas, as many parts as allowed': fill('word ', '$x_t$ '.repeat(STRUCTURE_LIMITS.parts / 2 - 2)),
  'links, as many parts as allowed': fill('word ', '[a](#b) '.repeat(STRUCTURE_LIMITS.parts / 3 - 2)),
  'backtick runs': fill('`a`` '),
  'table of many columns': fill('|a', '', '\n') + '\n',
  'raw HTML tags': fill('<span><b>x</b></span>'),
  'chart of 5,000 rows × 2 columns': chartBlock(5000, 2, 0),
  'chart of 3,000 rows × 8 columns': chartBlock(3000, 8, 0),
  '12 charts of 400 rows × 4 columns': Array.from({ length: 12 }, (_, i) => chartBlock(400, 4, i)).join('\n'),
};

export interface RenderTiming {
  name: string;
  bytes: number;
  ms: number;
  /** What a save would refuse (e.g. nesting too deep), found without rendering. */
  problems: number;
}

/** The median of `rounds` renders of each case, after one to warm up. */
export async function renderTimings(rounds = 3): Promise<RenderTiming[]> {
  const noPhotos = new Map();
  const timings: RenderTiming[] = [];
  for (const [name, body] of Object.entries(WORST_CASES)) {
    if (Buffer.byteLength(body) > LIMIT) throw new Error(`${name}: over the limit`);
    const warm = await renderMarkdown(body, noPhotos);
    const runs: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const start = performance.now();
      await renderMarkdown(body, noPhotos);
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    timings.push({ name, bytes: Buffer.byteLength(body), ms: Math.round(runs[Math.floor(runs.length / 2)]), problems: warm.problems.length });
  }
  return timings;
}

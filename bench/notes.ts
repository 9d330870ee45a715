/**
 * Notes for the bench: a dozen ordinary ones for the list, and the heaviest kind the issue names (20
 * formulas, 3 code blocks, 2 charts), whose page must still score like the others.
 */
export const HEAVY_NOTE = '/notes/equity-curves-drawdowns-and-the-smile';

import type { StaffApi as Api } from './builtSite';

function chart(title: string, type: string, header: string, rows: number, value: (i: number) => string[]): string {
  const lines = Array.from({ length: rows }, (_, i) => [new Date(Date.UTC(2020, 0, 1 + 7 * i)).toISOString().slice(0, 10), ...value(i)].join(','));
  return ['```chart', `type: ${type}`, `title: ${title}`, 'x: Date', '---', header, ...lines, '```'].join('\n');
}

function heavyBody(): string {
  const formulas = Array.from({ length: 18 }, (_, i) => `Term ${i + 1} is $\\sigma_{${i}}^2 = \\frac{1}{n}\\sum_{t=1}^{n} (r_t - \\bar r)^2$.`);
  const code = (n: number) => ['```python', `def drawdown_${n}(equity):`, '    peak = equity.cummax()', '    return equity / peak - 1', '```'].join('\n');
  return [
    'An equity curve, its drawdowns and the volatility smile of the options that hedge it.',
    '',
    '$$\n\\mathrm{DD}_t = \\frac{V_t}{\\max_{s \\le t} V_s} - 1\n$$',
    '',
    ...formulas.map((line, i) => (i % 6 === 5 ? `${line}\n\n${code(i)}\n` : line)),
    '',
    '$$\n\\sigma_{\\text{imp}}(k) = a + b\\left(\\rho (k - m) + \\sqrt{(k - m)^2 + s^2}\\right)\n$$',
    '',
    chart('Equity curve', 'line', 'date,strategy,benchmark', 260, (i) => [(1 + 0.002 * i + 0.03 * Math.sin(i / 9)).toFixed(4), (1 + 0.001 * i).toFixed(4)]),
    '',
    chart('Drawdowns', 'area', 'date,drawdown', 260, (i) => [(-Math.abs(0.08 * Math.sin(i / 13))).toFixed(4)]),
  ].join('\n');
}

/** Publishes the notes through the API, as staff would. */
export async function seedNotes(api: Api): Promise<void> {
  for (let i = 1; i <= 12; i += 1) {
    await api('POST', '/api/notes/manage/', {
      title: `Research note ${i}`,
      slug: `research-note-${i}`,
      summary: `What week ${i}'s data said about volatility.`,
      tags: i % 2 ? ['volatility'] : ['backtesting'],
      cover_image: null,
      body: `A short note with $\\mu = ${i}$.\n\n${'Returns were measured daily. '.repeat(40)}`,
      publish: 'now',
      publish_at: null,
    });
  }
  await api('POST', '/api/notes/manage/', {
    title: 'Equity curves, drawdowns and the smile',
    slug: HEAVY_NOTE.split('/').pop(),
    summary: 'Twenty formulas, three code blocks and two charts drawn from data.',
    tags: ['volatility', 'backtesting'],
    cover_image: null,
    body: heavyBody(),
    publish: 'now',
    publish_at: null,
  });
}

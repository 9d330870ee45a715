import { mathMlOnly } from '../../../server/src/lib/math';
import { noteOutline } from '../../../server/src/markdown/outline';
import { renderMarkdown } from '../../../server/src/markdown/render';

const photo = { src: '/media/large.webp', srcset: '/media/thumb.webp 160w, /media/large.webp 1600w', width: 1600, height: 900 };
const library = new Map([[7, photo]]);
const render = (body: string) => renderMarkdown(body, library);
const html = async (body: string) => (await render(body)).html;
const problems = async (body: string) => (await render(body)).problems;

const chart = (lines: string[]) => ['Intro.', '', '```chart', ...lines, '```', ''].join('\n');
const equityCurve = chart([
  'type: line',
  'title: Equity curve',
  'x: Date',
  'y: Growth of $1',
  'log: y',
  '---',
  'date,strategy,benchmark',
  '2020-01-02,1.00,1.00',
  '2020-06-01,1.12,1.03',
  '2021-01-04,1.31,1.10',
]);

describe('note Markdown', () => {
  it('typesets mathematics with KaTeX and gives screen readers its MathML with the TeX source, inline and displayed', async () => {
    const out = await html('The variance $\\sigma^2$ of returns:\n\n$$\n\\sigma^2 = E[(X-\\mu)^2]\n$$\n');
    expect(out).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">');
    expect(out.match(/<span class="katex-html" aria-hidden="true">/g)).toHaveLength(2);
    expect(mathMlOnly(out)).not.toContain('katex-html');
    expect(mathMlOnly(out)).toContain('<span class="katex"><span class="katex-mathml"><math');
    expect(mathMlOnly(out)).toContain('</math></span></span> of returns:');
    expect(out).toContain('<annotation encoding="application/x-tex">\\sigma^2</annotation>');
    expect(out).toMatch(
      /<div class="math-display" tabindex="0" role="region" aria-label="Formula"><span class="katex-display"><span class="katex"><span class="katex-mathml"><math [^>]*display="block"/,
    );
    expect(out).not.toContain('<pre><span');
  });

  it('outlines the sections and subsections a table of contents leads to, formulas read as text, footnotes left out', async () => {
    const out = await html('# Setup\n\nText.[^1]\n\n## Data & method\n\n# Smile in $\\sigma$\n\n# Results\n\n#### Aside\n\n[^1]: Source.\n');
    expect(noteOutline(out)).toEqual([
      { id: 'user-content-setup', level: 2, text: 'Setup' },
      { id: 'user-content-data--method', level: 3, text: 'Data & method' },
      { id: 'user-content-smile-in-sigma', level: 2, text: 'Smile in σ' },
      { id: 'user-content-results', level: 2, text: 'Results' },
    ]);
    for (const { id } of noteOutline(out)) expect(out).toContain(` id="${id}"`);
  });

  it('names a formula that does not parse, by line', async () => {
    expect(await problems('Fine.\n\nBroken $\\frac{a$ here.')).toEqual([{ line: 3, message: expect.stringMatching(/^This formula does not parse: /) }]);
  });

  it('highlights code on the server with classes, and leaves unknown languages plain', async () => {
    const out = await html('```python\ndef f(x):\n    return x ** 2  # square\n```\n\n```nolang\nplain <b>\n```');
    expect(out).toContain('<span class="hljs-keyword">def</span>');
    expect(out).toContain('<span class="hljs-comment"># square</span>');
    expect(out).toContain('plain &#x3C;b>');
    expect(out).not.toContain('style=');
  });

  it('renders GitHub tables, footnotes and task lists, with the page keeping its own ids and only heading', async () => {
    const out = await html('# Top\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nClaim.[^1]\n\n- [x] done\n- [ ] to do\n\n[^1]: Source.\n');
    expect(out).toContain('<h2 id="user-content-top">Top</h2>');
    expect(out).toMatch(/<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table>/);
    expect(out).toContain('href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(out).toContain('<li id="user-content-fn-1">');
    expect(out).toContain('href="#user-content-fnref-1"');
    expect(out).toContain('<input type="checkbox" checked disabled aria-label="Done">');
    expect(out).toContain('<input type="checkbox" disabled aria-label="Not done">');
    expect(out).not.toMatch(/<h1/);
  });

  it('makes the note’s highest heading an h2, keeping the order of the others', async () => {
    expect(await html('## Setup\n\n### Detail')).toMatch(/<h2 id="user-content-setup">Setup<\/h2>\s*<h3 id="user-content-detail">Detail<\/h3>/);
    expect(await html('# Setup\n\n### Detail')).toMatch(/<h2 id="user-content-setup">Setup<\/h2>\s*<h4 id="user-content-detail">Detail<\/h4>/);
  });

  it('gives headings unique ids from their text, which the body’s own section links reach', async () => {
    const out = await html('## Data & method\n\nSee [results](#results).\n\n## Results\n\n## Results\n\n<h2 id="mine">Own</h2>');
    for (const part of [
      '<h2 id="user-content-data--method">Data &#x26; method</h2>',
      '<a href="#user-content-results">results</a>',
      '<h2 id="user-content-results">Results</h2>',
      '<h2 id="user-content-results-1">Results</h2>',
      '<h2 id="user-content-mine">Own</h2>',
    ])
      expect(out).toContain(part);
  });

  it('leaves headings without ids where a page lists several bodies', async () => {
    expect((await renderMarkdown('## Outline', library, 3)).html).toBe('<h3>Outline</h3>');
  });

  it('renders formulas and code inside table cells', async () => {
    const out = await html('| Greek | Formula |\n|---|---|\n| vega | $\\partial V/\\partial\\sigma$ |');
    expect(out).toContain('<td><span class="katex"><span class="katex-mathml"><math');
  });

  it('shows pictures from the photo library in their sizes, and requires their alt text', async () => {
    // The first loads at once (it is often what a reader sees first), the others once near.
    expect(await html('![A volatility smile](photo:7)\n\n![The smile again](photo:7)')).toContain(
      '<img src="/media/large.webp" srcset="/media/thumb.webp 160w, /media/large.webp 1600w" sizes="(max-width: 46rem) 100vw, 44rem" width="1600" height="900" alt="A volatility smile" loading="eager" decoding="async" fetchpriority="high">' +
        '</p>\n<p>' +
        '<img src="/media/large.webp" srcset="/media/thumb.webp 160w, /media/large.webp 1600w" sizes="(max-width: 46rem) 100vw, 44rem" width="1600" height="900" alt="The smile again" loading="lazy" decoding="async">',
    );
    expect(await problems('Text.\n\n![](photo:7)')).toEqual([{ line: 3, message: expect.stringContaining('Describe the picture between the brackets') }]);
    expect(await problems('![Gone](photo:8)')).toEqual([{ line: 1, message: 'There is no picture photo:8 in the photo library.' }]);
    expect(await problems('![Elsewhere](https://example.org/x.png)')).toEqual([
      { line: 1, message: expect.stringContaining('Pictures come from the photo library') },
    ]);
    expect(await html('![Elsewhere](https://example.org/x.png)')).not.toContain('<img');
  });

  it('draws a chart from CSV as SVG that follows the theme, titled, described and with its data as a table', async () => {
    const out = await html(equityCurve);
    expect(await problems(equityCurve)).toEqual([]);
    expect(out).toMatch(/<figure class="chart"><svg role="img" aria-labelledby="chart-1-title" aria-describedby="chart-1-desc"/);
    expect(out).toContain('<span id="chart-1-title" class="chart-title">Equity curve</span>');
    expect(out).toContain('<span id="chart-1-desc">Line chart of strategy, benchmark against date, 3 points.</span>');
    expect(out).toContain('<th scope="row">2020-06-01</th><td>1.12</td><td>1.03</td>');
    expect(out).toContain('fill="currentColor"');
    expect(out).toContain('Growth of $1');
    expect(out).not.toContain('style=');
    expect(out).not.toMatch(/<svg[^>]* width="\d/);
    // One image, named by its caption: no part of it has a role of its own.
    expect(out.match(/ role="[^"]*"/g)).toEqual([' role="img"']);
  });

  /** The chart's visible texts and the size they have on a 360 px phone, whose text column is 328 px wide. */
  const chartTexts = (out: string) => {
    const viewBoxWidth = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(out)?.[1]);
    return [...out.matchAll(/<text [^>]*font-size="([\d.]+)px"[^>]*opacity="1">([^<]*)<\/text>/g)].map(([, size, text]) => ({
      text,
      phonePx: (Number(size) * 328) / viewBoxWidth,
    }));
  };
  const daily = (from: string, to: string) => {
    const rows: string[] = [];
    for (let day = Date.parse(from), value = 1; day <= Date.parse(to); day += 86_400_000, value *= 1.0003)
      rows.push(`${new Date(day).toISOString().slice(0, 10)},${value.toFixed(4)}`);
    return rows;
  };

  it.each([
    ['five years', '2019-01-02', '2023-12-29', /^20(19|2\d)$/, '2019'],
    ['five years to the last business day', '2020-01-02', '2024-12-31', /^202\d$/, '2020'],
    ['eight months', '2023-02-01', '2023-09-29', /^(Feb|Mar|Apr|May|Jun|Jul|Aug|Sep)$/, 'Mar'],
    ['a year, to its last business day', '2023-01-03', '2023-12-29', /^(Jan|Mar|May|Jul|Sep|Nov)$/, 'Jan'],
    ['eighteen months', '2022-07-01', '2023-12-29', /^[A-Z][a-z]{2} 202[234]$/, 'Jul 2022'],
    ['three weeks', '2024-03-01', '2024-03-21', /^\d{1,2} Mar$/, '1 Mar'],
  ])('labels the time axis of a daily series over %s with distinct ticks of its span, readable on a phone', async (_span, from, to, label, first) => {
    const out = await html(chart(['type: line', 'title: Equity', '---', 'date,equity', ...daily(from, to)]));
    const texts = chartTexts(out);
    const xLabels = texts.map(({ text }) => text).filter((text) => /[A-Za-z]|^20\d\d$/.test(text) && !['date', 'equity'].includes(text));
    expect(xLabels.length).toBeGreaterThanOrEqual(3);
    expect(xLabels.length).toBeLessThanOrEqual(6);
    expect(new Set(xLabels).size).toBe(xLabels.length);
    for (const text of xLabels) expect(text).toMatch(label);
    // A series that starts on (or a day or two after) a tick's boundary has that tick labelled.
    expect(xLabels[0]).toBe(first);
    for (const { phonePx } of texts) expect(phonePx).toBeGreaterThanOrEqual(11);
  });

  it('labels a volatility smile by strike, readable on a phone', async () => {
    const out = await html(
      chart(['type: scatter', 'title: Smile', 'x: Strike', 'y: Implied volatility', '---', 'strike,vol', '80,0.31', '100,0.22', '120,0.26']),
    );
    const texts = chartTexts(out);
    expect(texts.map(({ text }) => text)).toEqual(expect.arrayContaining(['80', '100', '120', 'Strike', 'Implied volatility']));
    for (const { phonePx } of texts) expect(phonePx).toBeGreaterThanOrEqual(11);
  });

  it('keeps the points of a volatility smile inside the plot, clear of its edges, whose top and bottom are gridlines', async () => {
    const smile = ['strike,1 month,3 months,1 year'];
    for (let strike = 70; strike <= 130; strike += 5) {
      const m = Math.log(strike / 100);
      smile.push(
        `${strike},${((0.22 - 0.35 * m + 1.6 * m * m) * 100).toFixed(2)},${((0.21 - 0.25 * m + 0.9 * m * m) * 100).toFixed(2)},${((0.2 - 0.15 * m + 0.4 * m * m) * 100).toFixed(2)}`,
      );
    }
    const out = await html(chart(['type: scatter', 'title: Smile', 'x: Strike', 'y: Implied volatility (%)', '---', ...smile]));
    const [, width, height] =
      /class="mark-group role-frame root"><g transform="translate\(0,0\)"><path class="background" aria-hidden="true" d="M0,0h([\d.]+)v([\d.]+)h/
        .exec(out)!
        .map(Number);
    const marks = /<g class="mark-symbol role-mark marks"[^>]*>(.*?)<\/g>/.exec(out)![1];
    const points = [...marks.matchAll(/transform="translate\(([-\d.]+),([-\d.]+)\)" d="M([\d.]+),/g)].map(([, x, y, radius]) => [
      Number(x),
      Number(y),
      Number(radius),
    ]);
    expect(points).toHaveLength(39);
    // At least a radius between each point's edge and the plot's.
    for (const [x, y, radius] of points) {
      expect(Math.min(x, width - x, y, height - y)).toBeGreaterThanOrEqual(2 * radius);
    }
    const gridlines = [...out.matchAll(/<line transform="translate\(0,([\d.]+)\)" x2="([\d.]+)" y2="0"/g)].map(([, y]) => Number(y));
    expect([Math.min(...gridlines), Math.max(...gridlines)]).toEqual([0, height]);
  });

  it('marks what is drawn in a series colour with its series, for the theme to colour it', async () => {
    const out = await html(equityCurve);
    // The two lines and their two legend symbols.
    expect(out.match(/<path class="chart-stroke-1"[^>]* stroke="#2a7fb8"/g)).toHaveLength(2);
    expect(out.match(/<path class="chart-stroke-2"[^>]* stroke="#d95f02"/g)).toHaveLength(2);
    const points = await html(chart(['type: scatter', 'title: Smile', '---', 'strike,vol', '80,0.31', '100,0.22', '120,0.26']));
    expect(points.match(/<path class="chart-fill-1"[^>]* fill="#2a7fb8"[^>]* opacity="1"/g)).toHaveLength(3);
  });

  it('stands the bars of a year each side by side in the year’s band, labelled by the year as written', async () => {
    const out = await html(chart(['type: bar', 'title: Returns', '---', 'year,fund,index', '2021,0.12,0.08', '2022,-0.05,-0.11', '2023,0.07,0.15']));
    const marks = /<g class="mark-rect role-mark marks"[^>]*>(.*?)<\/g>/.exec(out)![1];
    const bars = [...marks.matchAll(/d="M([\d.]+),[\d.]+h([\d.]+)v/g)].map(([, left, width]) => [Number(left), Number(left) + Number(width)]);
    expect(bars).toHaveLength(6);
    // None overlaps another.
    bars.forEach(([left], at) => at > 0 && expect(left).toBeGreaterThanOrEqual(bars[at - 1][1] - 0.01));
    const texts = chartTexts(out).map(({ text }) => text);
    expect(texts).toEqual(expect.arrayContaining(['2021', '2022', '2023']));
    expect(texts.filter((text) => text.includes(','))).toEqual([]);
  });

  it.each([
    ['drawdowns as an area', ['type: area', 'title: Drawdowns', '---', 'date,drawdown', '2020-01-02,0', '2020-03-16,-0.31', '2020-08-03,-0.02']],
    [
      'a volatility smile as points',
      ['type: scatter', 'title: Smile', 'x: Strike', 'y: Implied volatility', '---', 'strike,vol', '80,0.31', '100,0.22', '120,0.26'],
    ],
    ['returns by year as bars', ['type: bar', 'title: Returns', '---', 'year,fund', '2021,0.12', '2022,-0.05']],
  ])('draws %s', async (_name, lines) => {
    const out = await html(chart(lines));
    expect(out).toContain('<figure class="chart"><svg');
    expect(out).toContain('class="mark-');
  });

  /** Each malformed chart, the note's line the message names, and the message. */
  it.each([
    ['no separator', ['title: X', 'a,b', '1,2'], 4, 'A chart needs its options, then a line of three hyphens (---), then CSV data.'],
    [
      'an unknown option',
      ['title: X', 'colour: red', '---', 'a,b', '1,2'],
      5,
      'Unknown chart option "colour: red": use type, title, description, x, y, log, each as "name: value".',
    ],
    ['an unknown type', ['type: pie', 'title: X', '---', 'a,b', '1,2'], 4, 'The chart type must be line, area, bar, scatter; "pie" is not one.'],
    ['no title', ['type: line', '---', 'a,b', '1,2'], 4, 'Give the chart a title ("title: …"): it names the chart for every reader.'],
    ['no rows', ['title: X', '---', 'a,b'], 5, 'The CSV data needs a header row and at least one row of values.'],
    ['a short row', ['title: X', '---', 'a,b,c', '1,2,3', '4,5'], 8, 'This row has 2 values; the header has 3.'],
    ['a value that is not a number', ['title: X', '---', 'date,equity', '2020-01-02,1.0', '2020-01-03,n/a'], 8, '"n/a" in column "equity" is not a number.'],
    [
      'a log axis over zero',
      ['title: X', 'log: y', '---', 'date,pnl', '2020-01-02,-3'],
      5,
      'A log y axis needs values above zero; "pnl" has some at or below zero.',
    ],
    ['an unclosed quote', ['title: X', '---', 'a,b', '"1,2'], 7, 'A quoted value is not closed.'],
    [
      'more points than a scatter chart draws',
      ['type: scatter', 'title: X', '---', 'x,a,b', ...Array.from({ length: 2_501 }, (_, i) => `${i},1,2`)],
      4,
      'A scatter chart draws at most 5,000 points (rows × series); this one has 5,002: draw a line, or fewer rows.',
    ],
  ])('names the line and the problem of a chart with %s', async (_name, lines, line, message) => {
    expect(await problems(chart(lines))).toContainEqual({ line, message });
  });

  it('refuses a body whose HTML would be too large for a page, naming the limit', async () => {
    const scatter = chart(['type: scatter', 'title: X', '---', 'x,a,b', ...Array.from({ length: 1_500 }, (_, i) => `${i},${i % 7},${i % 5}`)]);
    expect(await problems(scatter.repeat(12))).toContainEqual({
      line: 1,
      message: expect.stringMatching(
        /^This comes to \d+\.\d MB of HTML; at most 4 MB is published: draw fewer points in its charts, or split it into several notes\.$/,
      ),
    });
    // Nor is it handed back for a preview.
    expect((await render(scatter.repeat(12))).html).toBe('');
  });

  it('counts reading time at about 230 words a minute', async () => {
    expect((await render('word '.repeat(10))).readingMinutes).toBe(1);
    expect((await render('word '.repeat(2300))).readingMinutes).toBe(10);
  });

  /** Stored-XSS cases: raw HTML may format, never run, never reach another origin's script or take the page's ids. */
  it.each([
    ['a script element', '<script>alert(1)</script>', /<script/i],
    ['an event handler', '<img src="x" onerror="alert(1)">', /onerror/i],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['a Markdown javascript: link', '[x](javascript:alert(1))', /javascript:/i],
    ['an entity-encoded javascript: link', '[x](&#106;avascript:alert(1))', /javascript:/i],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:text/i],
    ['an SVG with onload', '<svg onload="alert(1)"><circle r="5"/></svg>', /onload|<svg/i],
    ['an iframe', '<iframe src="https://example.org"></iframe>', /<iframe/i],
    ['an object', '<object data="x.swf"></object>', /<object/i],
    ['a style element', '<style>body{display:none}</style>', /<style/i],
    ['a style attribute', '<p style="position:fixed;inset:0">x</p>', /style=/i],
    ['a form', '<form action="https://evil.example"><button>Go</button></form>', /<form|<button/i],
    ['a base element', '<base href="https://evil.example/">', /<base/i],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta/i],
    ['MathML with a link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /javascript:|xlink/i],
    ['a page id', '<div id="root">x</div>', /id="root"/],
    ['a closing textarea', '</textarea><script>alert(1)</script>', /<script/i],
  ])('%s does not survive', async (_name, body, unwanted) => {
    expect(await html(body)).not.toMatch(unwanted);
  });

  it('refuses quotes and lists nested deeper than its syntax trees can be walked, by line', async () => {
    expect(await problems(`Fine.\n\n${'> '.repeat(33)}deep`)).toEqual([{ line: 3, message: 'Quotes and lists nest at most 32 levels deep.' }]);
    expect(await problems(`${'- '.repeat(40)}deep`)).toEqual([{ line: 1, message: 'Quotes and lists nest at most 32 levels deep.' }]);
    expect(await html(`${'> '.repeat(32)}deep enough`)).toContain('deep enough');
  });

  it('refuses more blocks than it can parse in bounded time, by line', async () => {
    expect(await problems('Paragraph.\n\n'.repeat(4_001))).toEqual([
      { line: 8_001, message: 'A note has at most 4,000 paragraphs and other blocks: split it into several notes.' },
    ]);
    expect(await problems('A paragraph\nof many lines\n'.repeat(5_000))).toEqual([]);
    expect(await problems(`${'> '.repeat(30)}deep\n`.repeat(134))).toEqual([
      { line: 34, message: 'A note has at most 1,000 quote and list markers: split it into several notes.' },
    ]);
    expect(await problems('- item\n'.repeat(1_000))).toEqual([]);
    expect(await problems('line\n'.repeat(20_000))).toEqual([{ line: 20_001, message: 'A note has at most 20,000 lines: split it into several notes.' }]);
    expect(await problems('line\n'.repeat(19_999))).toEqual([]);
  });

  it('refuses more parts than the later steps render in bounded time, by the line where the limit is passed', async () => {
    const line = `${'`a` '.repeat(1_000)}\n`;
    expect(await problems(line.repeat(12))).toEqual([]);
    expect(await problems(line.repeat(13))).toEqual([
      { line: 13, message: 'A note has at most 25,000 parts (paragraphs, formulas, code, links, emphasis…): split it into several notes.' },
    ]);
  });

  it('keeps harmless raw HTML that formats', async () => {
    expect(await html('H<sub>2</sub>O and <kbd>Ctrl</kbd>')).toContain('H<sub>2</sub>O and <kbd>Ctrl</kbd>');
  });
});

/**
 * Charts in notes: a fenced ```chart block holds a few options, a line of three hyphens, then CSV
 * whose first column is the x axis and each further column a series:
 *
 *     type: line
 *     title: Equity curve
 *     description: Growth of one dollar, 2020 to 2024.
 *     x: Date
 *     y: Equity ($)
 *     log: y
 *     ---
 *     date,strategy,benchmark
 *     2020-01-02,1.00,1.00
 *
 * Vega-Lite draws it on the server as SVG whose axes and text take the page's text colour, so it
 * follows the theme; the data also goes in a table for screen readers.
 */
import type { TopLevelSpec } from 'vega-lite';

import { CHART_SERIES_COLOURS, chartSeriesClass } from '../../contract/chartColours';
import type { BodyProblem } from '../../contract/notes';
import { escapeHtml } from '../lib/html';

/** `marks`: points of a scatter or bar chart (rows × series), each drawn as a shape of its own in the SVG (about 160 bytes). */
export const CHART_LIMITS = { rows: 5_000, columns: 8, charts: 12, option: 300, marks: 5_000 } as const;

const TYPES = ['line', 'area', 'bar', 'scatter'] as const;
type ChartType = (typeof TYPES)[number];
const OPTIONS = ['type', 'title', 'description', 'x', 'y', 'log'] as const;
type Option = (typeof OPTIONS)[number];

/** The SVG's series colours: the light theme's; the stylesheet gives the dark theme its own by class. */
const SERIES_COLOURS: readonly string[] = CHART_SERIES_COLOURS.light;
/** How many rows the table under a chart shows; the chart itself draws every row. */
const TABLE_ROWS = 200;
/**
 * The drawing's whole width and height (axes included). The SVG is scaled to the text column: drawn
 * this narrow, its 14-unit text is still 11 px on a 360 px phone (a 328 px column), and the page caps
 * its width on large screens (src/ui/NoteProse.ts) so that the text stays near the body's size.
 */
const WIDTH = 400;
const HEIGHT = 260;
const FONT_SIZE = 14;
/** Ticks of the y axis (Vega's own choice at this height), to which its scale is rounded. */
const Y_TICKS = 5;
/** Room (drawing units) between a point or line and the plot's edge: a point's radius is about 3. */
const MARK_ROOM = 8;
/** Most intervals between time-axis labels that fit across the drawing (one label more than this), by the label's length. */
const TIME_TICKS = { year: 5, month: 5, day: 4, monthYear: 3 };
const DAY = 86_400_000;

type XKind = 'temporal' | 'quantitative' | 'nominal';

export interface Chart {
  type: ChartType;
  title: string;
  description: string;
  xTitle: string;
  yTitle: string;
  logX: boolean;
  logY: boolean;
  header: string[];
  rows: string[][];
  xKind: XKind;
}

const DATE = /^\d{4}-\d{2}(-\d{2})?([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/** One CSV line's fields: commas separate, double quotes may hold commas and doubled quotes. */
function csvFields(line: string): string[] | undefined {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  if (quoted) return undefined;
  fields.push(field.trim());
  return fields;
}

/**
 * The chart a block describes, or its problems by line of the note. `firstLine` is the note's line
 * of the block's first line (the one after the opening fence).
 */
export function parseChart(source: string, firstLine: number): { chart: Chart } | { problems: BodyProblem[] } {
  const lines = source.split('\n');
  const problems: BodyProblem[] = [];
  const problem = (index: number, message: string) => problems.push({ line: firstLine + index, message });
  const options: Partial<Record<Option, string>> = {};
  const separator = lines.findIndex((line) => line.trim() === '---');
  if (separator < 0) {
    problem(0, 'A chart needs its options, then a line of three hyphens (---), then CSV data.');
    return { problems };
  }
  lines.slice(0, separator).forEach((line, index) => {
    if (!line.trim()) return;
    const match = /^\s*([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
    const name = match?.[1].toLowerCase();
    if (!match || !OPTIONS.includes(name as Option)) {
      problem(index, `Unknown chart option "${line.trim().slice(0, 40)}": use ${OPTIONS.join(', ')}, each as "name: value".`);
      return;
    }
    const value = match[2].trim();
    if (value.length > CHART_LIMITS.option) problem(index, `The ${name} is longer than ${CHART_LIMITS.option} characters.`);
    options[name as Option] = value;
  });
  const type = (options.type ?? 'line').toLowerCase();
  const optionLine = (name: Option) =>
    Math.max(
      0,
      lines.findIndex((line) => line.trim().toLowerCase().startsWith(`${name}`)),
    );
  if (!TYPES.includes(type as ChartType)) problem(optionLine('type'), `The chart type must be ${TYPES.join(', ')}; "${type}" is not one.`);
  if (!options.title) problem(0, 'Give the chart a title ("title: …"): it names the chart for every reader.');
  const log = (options.log ?? '').toLowerCase().replace(/\s+/g, '');
  if (!['', 'x', 'y', 'xy', 'x,y', 'none'].includes(log)) problem(optionLine('log'), 'The log option is x, y or xy.');

  const dataLines = lines
    .slice(separator + 1)
    .map((text, offset) => ({ text, index: separator + 1 + offset }))
    .filter((line) => line.text.trim() !== '');
  if (dataLines.length < 2) {
    problem(separator, 'The CSV data needs a header row and at least one row of values.');
    return { problems };
  }
  if (dataLines.length - 1 > CHART_LIMITS.rows) {
    problem(separator, `The chart has ${dataLines.length - 1} rows of data; at most ${CHART_LIMITS.rows} are drawn.`);
    return { problems };
  }
  const header = csvFields(dataLines[0].text) ?? [];
  if (header.length < 2 || header.some((name) => !name))
    problem(dataLines[0].index, 'The header row names the x column and at least one series, each non-empty.');
  else if (header.length > CHART_LIMITS.columns) problem(dataLines[0].index, `A chart has at most ${CHART_LIMITS.columns} columns.`);
  else if (new Set(header).size !== header.length) problem(dataLines[0].index, 'Each column of the header needs its own name.');
  if (problems.length) return { problems };

  const rows: string[][] = [];
  for (const line of dataLines.slice(1)) {
    const fields = csvFields(line.text);
    if (!fields) problem(line.index, 'A quoted value is not closed.');
    else if (fields.length !== header.length) problem(line.index, `This row has ${fields.length} values; the header has ${header.length}.`);
    else {
      fields.slice(1).forEach((value, column) => {
        if (value !== '' && !isNumber(value)) problem(line.index, `"${value.slice(0, 40)}" in column "${header[column + 1]}" is not a number.`);
      });
      rows.push(fields);
    }
    if (problems.length >= 5) break;
  }
  if (problems.length) return { problems };

  const xs = rows.map((row) => row[0]);
  const xKind: XKind = xs.every((x) => DATE.test(x) && !Number.isNaN(Date.parse(x))) ? 'temporal' : xs.every(isNumber) ? 'quantitative' : 'nominal';
  const logX = log.includes('x');
  const logY = log.includes('y');
  if (logX && xKind !== 'quantitative') problem(optionLine('log'), 'A log x axis needs numbers in the first column.');
  if (logX && xKind === 'quantitative' && xs.some((x) => Number(x) <= 0))
    problem(optionLine('log'), `A log x axis needs values above zero; "${header[0]}" has ${xs.find((x) => Number(x) <= 0)}.`);
  if (logY) {
    const column = header.slice(1).findIndex((_, c) => rows.some((row) => row[c + 1] !== '' && Number(row[c + 1]) <= 0));
    if (column >= 0) problem(optionLine('log'), `A log y axis needs values above zero; "${header[column + 1]}" has some at or below zero.`);
  }
  if (type === 'bar' && logY) problem(optionLine('log'), 'Bars start at zero, which a log axis cannot show: use a line or points.');
  const marks = rows.length * (header.length - 1);
  if ((type === 'scatter' || type === 'bar') && marks > CHART_LIMITS.marks)
    problem(
      optionLine('type'),
      `A ${type} chart draws at most ${CHART_LIMITS.marks.toLocaleString('en')} points (rows × series); this one has ${marks.toLocaleString('en')}: draw a line, or fewer rows.`,
    );
  if (problems.length) return { problems };

  return {
    chart: {
      type: type as ChartType,
      title: options.title ?? '',
      description: options.description ?? '',
      xTitle: options.x || header[0],
      yTitle: options.y || (header.length === 2 ? header[1] : ''),
      logX,
      logY,
      header,
      rows,
      xKind,
    },
  };
}

/** The description a chart reads out when its writer gave none. */
function describe(chart: Chart): string {
  if (chart.description) return chart.description;
  const series = chart.header.slice(1).join(', ');
  return `${chart.type === 'scatter' ? 'Scatter plot' : `${chart.type[0].toUpperCase()}${chart.type.slice(1)} chart`} of ${series} against ${chart.header[0]}, ${chart.rows.length} points.`;
}

type TimeInterval = 'year' | 'month' | 'day' | 'hour';

/** A moment in UTC; months, days and hours past their end carry over, and years before 100 are those years (not 19xx). */
const utc = (year: number, month = 0, day = 1, hour = 0) => new Date(0).setUTCFullYear(year, month, day) + hour * 3_600_000;

/**
 * The tick of `interval` × `size` at or before `time`, on the boundaries Vega puts such ticks on (d3's
 * `interval.every(size)`: years divisible by the size, months and hours likewise within their year and
 * day, days counted from the first of the month), in UTC.
 */
function tickAtOrBefore(time: number, interval: TimeInterval, size: number): number {
  const date = new Date(time);
  const [year, month, day, hour] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours()];
  const down = (value: number, from = 0) => Math.floor((value - from) / size) * size + from;
  if (interval === 'year') return utc(down(year));
  if (interval === 'month') return utc(year, down(month));
  if (interval === 'day') return utc(year, month, down(day, 1));
  return utc(year, month, day, down(hour));
}

/** The tick after the tick `tick`. */
function nextTick(tick: number, interval: TimeInterval, size: number): number {
  const date = new Date(tick);
  const [year, month, day, hour] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours()];
  if (interval === 'year') return utc(year + size);
  if (interval === 'month') return utc(year, month + size);
  // Days and hours start again with each month and day: the last tick of a month is followed by the 1st.
  if (interval === 'day') return Math.min(utc(year, month, day + size), utc(year, month + 1));
  return Math.min(utc(year, month, day, hour + size), utc(year, month, day + 1));
}

/** How close (a share of one step) a tick just outside the data must be for the axis to reach out to it. */
const REACH = 0.25;

/**
 * The time axis's domain and ticks at one step size. Ticks fall on boundaries (1 January, the 1st), so
 * a series from the first business day of 2020 starts just after the 2020 tick: the axis reaches out to
 * a tick that close to either end, and the first and last years are labelled at the cost of a sliver
 * of empty plot. It reaches no later than `latest`.
 */
function timeDomain(times: number[], interval: TimeInterval, size: number, latest = Infinity): { domain: [number, number]; ticks: number } {
  const first = Math.min(...times);
  const last = Math.max(...times);
  const before = tickAtOrBefore(first, interval, size);
  const stepLength = nextTick(before, interval, size) - before;
  const lastBefore = tickAtOrBefore(last, interval, size);
  const after = lastBefore === last ? last : nextTick(lastBefore, interval, size);
  const domain: [number, number] = [
    first - before <= stepLength * REACH ? before : first,
    after - last <= stepLength * REACH && after <= latest ? after : last,
  ];
  let ticks = 0;
  for (let tick = tickAtOrBefore(domain[0], interval, size); tick <= domain[1]; tick = nextTick(tick, interval, size)) if (tick >= domain[0]) ticks += 1;
  return { domain, ticks };
}

/**
 * Ticks of a time axis that fit its span: years across years, months within a year or two, days
 * within a couple of months, hours within a day; each label says its own tick (never a run of the
 * same month name). The step is the smallest whose labels fit; times are read and written in UTC,
 * as the dates are written.
 */
function timeAxis(xs: string[]) {
  const times = xs.map((x) => Date.parse(x));
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const fit = (interval: TimeInterval, most: number, steps: number[], format: string, latest?: number) => {
    const candidates = steps.map((size) => ({ size, ...timeDomain(times, interval, size, latest) }));
    const chosen = candidates.find(({ ticks }) => ticks - 1 <= most) ?? candidates[candidates.length - 1];
    return { domain: chosen.domain, axis: { tickCount: { interval, step: chosen.size }, format } };
  };
  if (span >= 2 * 365.25 * DAY) return fit('year', TIME_TICKS.year, [1, 2, 5, 10, 20, 50, 100], '%Y');
  if (span >= 2 * 30.44 * DAY) {
    const year = new Date(first).getUTCFullYear();
    // Months of one year are labelled by their names alone: the axis then stops short of next January.
    if (year === new Date(first + span).getUTCFullYear()) return fit('month', TIME_TICKS.month, [1, 2, 3, 6, 12], '%b', utc(year, 11, 31));
    return fit('month', TIME_TICKS.monthYear, [1, 2, 3, 6, 12], '%b %Y');
  }
  if (span >= 2 * DAY) return fit('day', TIME_TICKS.day, [1, 2, 7, 14], '%-d %b');
  return fit('hour', TIME_TICKS.day, [1, 2, 3, 6, 12], '%H:%M');
}

function vegaLiteSpec(chart: Chart): TopLevelSpec {
  // A bar stands for its row: bars of numbers (years, say) stand side by side in a band each, labelled
  // as written, rather than at points of a number line, where a year's bars overlapped and the axis read 2,020.8.
  const ordinal = chart.xKind === 'nominal' || (chart.type === 'bar' && chart.xKind === 'quantitative' && !chart.logX);
  const values = chart.rows.flatMap((row) =>
    row
      .slice(1)
      .flatMap((value, column) =>
        value === '' ? [] : [{ x: chart.xKind === 'quantitative' && !ordinal ? Number(row[0]) : row[0], series: chart.header[column + 1], y: Number(value) }],
      ),
  );
  const series = chart.header.slice(1);
  const time = chart.xKind === 'temporal' ? timeAxis(chart.rows.map((row) => row[0])) : undefined;
  // Lines and points keep MARK_ROOM from the plot's top and bottom, and points from its sides too, so that
  // none sits on an axis or past the last gridline; bars and areas stand on zero, and lines run edge to edge.
  const lineRoom = chart.type === 'line' || chart.type === 'scatter' ? { padding: MARK_ROOM } : {};
  const pointRoom = chart.type === 'scatter' ? { padding: MARK_ROOM, nice: false } : {};
  const mark = (
    {
      line: { type: 'line', strokeWidth: 2 },
      area: { type: 'area', opacity: 0.5, line: { aria: false } },
      bar: { type: 'bar' },
      // Opaque: Vega's default of 0.7 pales a point below 3:1 against the page.
      scatter: { type: 'point', filled: true, size: 40, opacity: 1 },
    } as const
  )[chart.type];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH,
    height: HEIGHT,
    // The whole drawing, axes and legend included, takes WIDTH × HEIGHT: its text's size on screen is then known.
    autosize: { type: 'fit', contains: 'padding' },
    background: 'transparent',
    data: { values },
    // The SVG is one image, named by its title: its marks are not announced one by one.
    mark: { ...mark, aria: false },
    encoding: {
      x: {
        field: 'x',
        type: ordinal ? 'ordinal' : chart.xKind,
        title: chart.xTitle,
        sort: ordinal ? null : undefined,
        scale: ordinal
          ? undefined
          : chart.logX
            ? { type: 'log', ...pointRoom }
            : chart.xKind === 'quantitative'
              ? { zero: false, ...pointRoom }
              : time
                ? { type: 'utc', domain: time.domain, ...pointRoom }
                : undefined,
        // Its ticks are chosen to fit; Vega's estimate of text widths without a browser is wider than the text, and would hide every other label.
        ...(time ? { axis: { ...time.axis, labelOverlap: false } } : {}),
        // Numbers read across, as on a number line (Vega turns the labels of bands on their side).
        ...(ordinal && chart.xKind === 'quantitative' ? { axis: { labelAngle: 0 } } : {}),
      },
      y: {
        field: 'y',
        type: 'quantitative',
        title: chart.yTitle,
        // The plot's top and bottom are gridlines: the scale is rounded to the axis's own ticks.
        scale: chart.logY
          ? { type: 'log', ...lineRoom }
          : chart.type === 'bar' || chart.type === 'area'
            ? { nice: Y_TICKS }
            : { zero: false, nice: Y_TICKS, ...lineRoom },
        axis: chart.logY ? {} : { tickCount: Y_TICKS },
        stack: chart.type === 'bar' || chart.type === 'area' ? null : undefined,
      },
      color: {
        field: 'series',
        type: 'nominal',
        title: null,
        sort: series,
        scale: { range: [...SERIES_COLOURS] },
        legend: series.length > 1 ? { orient: 'top' } : null,
      },
      ...(chart.type === 'bar' && series.length > 1 ? { xOffset: { field: 'series', sort: series } } : {}),
    },
    config: {
      aria: false,
      font: 'inherit',
      view: { stroke: null },
      axis: {
        domainColor: 'currentColor',
        tickColor: 'currentColor',
        labelColor: 'currentColor',
        titleColor: 'currentColor',
        gridColor: 'currentColor',
        gridOpacity: 0.15,
        labelFontSize: FONT_SIZE,
        titleFontSize: FONT_SIZE,
        titleFontWeight: 'normal',
      },
      legend: { labelColor: 'currentColor', labelFontSize: FONT_SIZE },
    },
  };
}

/** Each element Vega drew in a series colour, given that series' class for its fill or stroke, for the stylesheet to give it the theme's colour. */
function seriesClasses(svg: string): string {
  return svg.replace(/<[a-z]+ [^>]*>/g, (tag) => {
    const classes = (['fill', 'stroke'] as const).flatMap((property) => {
      const index = SERIES_COLOURS.indexOf(new RegExp(` ${property}="(#[0-9a-f]{6})"`).exec(tag)?.[1] ?? '');
      return index < 0 ? [] : [chartSeriesClass(property, index)];
    });
    if (!classes.length) return tag;
    return tag.includes(' class="')
      ? tag.replace(' class="', ` class="${classes.join(' ')} `)
      : tag.replace(/^<[a-z]+/, (name) => `${name} class="${classes.join(' ')}"`);
  });
}

/** The data as a table, for readers who cannot see the chart. */
function dataTable(chart: Chart, id: string): string {
  const shown = chart.rows.slice(0, TABLE_ROWS);
  const more = chart.rows.length > shown.length ? ` (the first ${shown.length} of ${chart.rows.length} rows)` : '';
  const head = chart.header.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join('');
  const body = shown
    .map(
      (row) =>
        `<tr><th scope="row">${escapeHtml(row[0])}</th>${row
          .slice(1)
          .map((value) => `<td>${escapeHtml(value)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<details class="chart-data"><summary>Data of this chart${more}</summary><div class="table-scroll"><table aria-describedby="${id}-title"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div></details>`;
}

/**
 * The chart as a figure: SVG drawn by Vega (loaded on first use: a server that renders no chart never
 * pays for it), named by its title and described for screen readers, then its data as a table.
 */
export async function chartFigure(chart: Chart, id: string): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  const spec = vegaLite.compile(vegaLiteSpec(chart)).spec;
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    const svg = seriesClasses(await view.toSVG())
      // The figure is one image named by its caption: roles Vega gives its marks would make parts of it images of their own.
      .replace(/ (role|aria-roledescription|aria-label)="[^"]*"/g, '')
      .replace(/^<svg /, `<svg role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc" focusable="false" `)
      .replace(/ width="\d+" height="\d+"/, '');
    return [
      `<figure class="chart">`,
      svg,
      `<figcaption><span id="${id}-title" class="chart-title">${escapeHtml(chart.title)}</span> <span id="${id}-desc">${escapeHtml(describe(chart))}</span></figcaption>`,
      dataTable(chart, id),
      `</figure>`,
    ].join('');
  } finally {
    view.finalize();
  }
}

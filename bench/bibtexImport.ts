/**
 * How long the worst BibTeX files take to read: a crafted file at the 1 MB limit must be answered
 * within a second and must not hold the server meanwhile. Each case is built against our reader's
 * weak spots (unbalanced braces, @string chains, long author lists, unterminated quotes, many tiny
 * entries, a binary file) and timed in-process as the import preview reads it: parsed, then each
 * entry rendered. Given a running site, each case is also sent to its import preview while the
 * site's health is asked every 25 ms, and the slowest case while a staff member signs in every 100 ms.
 * `npx tsx bench/bibtexImport.ts` starts the site from source on a fresh embedded database
 * (127.0.0.1:8530, shipped defaults) and prints the figures; it exits non-zero past the budget.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { BIBTEX_LIMITS, parseBibtex } from '../server/src/publications/bibtex';
import { renderEntry } from '../server/src/publications/render';
import { createStaff, signIn, STAFF } from './builtSite';
import { waitFor } from './waitFor';

const LIMIT = BIBTEX_LIMITS.chars;
/** `unit` repeated between `prefix` and `suffix` to fill the size limit. */
const fill = (unit: string, prefix = '', suffix = '') => prefix + unit.repeat(Math.floor((LIMIT - prefix.length - suffix.length) / unit.length)) + suffix;
/** Entries `entry(i)` up to the size limit or `max` of them, whichever comes first. */
function entries(entry: (i: number) => string, prefix = '', max: number = BIBTEX_LIMITS.entries): string {
  let text = prefix;
  for (let i = 0; i < max; i += 1) {
    const next = entry(i);
    if (text.length + next.length > LIMIT) break;
    text += next;
  }
  return text;
}
const FIELD = BIBTEX_LIMITS.fieldChars;
/** A value just under the field limit made of `unit`. */
const fieldOf = (unit: string) => unit.repeat(Math.floor((FIELD - 10) / unit.length));

/** What a browser's `file.text()` makes of bytes that are not UTF-8, as the import form sends them. */
function binaryAsText(header: string): string {
  const bytes = Buffer.alloc(LIMIT);
  let seed = 42;
  for (let i = 0; i < bytes.length; i += 1) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    bytes[i] = seed >> 16;
  }
  bytes.write(header);
  // Sprinkled `@{` as a parser looking for entries would find them in a PDF's streams.
  for (let i = 1000; i < bytes.length; i += 997) bytes.write('\n@x{', i);
  return new TextDecoder().decode(bytes).slice(0, LIMIT);
}

/** The doubling @string chain that once took 1.8 GB: each macro is the previous one twice. */
const doublingMacros = Array.from({ length: 40 }, (_, i) => (i === 0 ? '@string{m0 = "xx"}' : `@string{m${i} = m${i - 1} # m${i - 1}}`)).join('\n');

/** Files at the size limit that stress each part of reading and rendering. */
export const WORST_FILES: Record<string, () => string> = {
  'unbalanced braces (one value opening 1 MB of "{")': () => fill('{', '@article{k,\n  title = {'),
  'unbalanced braces, an @ starting each line': () => fill('\n  @x ', '@article{k,\n  title = {'),
  'value of line breaks and spaces': () => fill('\n ', '@article{k,\n  title = {', '}}'),
  'value of spaces': () => fill(' ', '@article{k,\n  title = {x', 'x}}'),
  'lines that almost start a field, in one value': () => fill('\n  name = x', '@article{k,\n  title = {', '}}'),
  'deep braces that close': () => {
    const depth = Math.floor((LIMIT - 40) / 2);
    return `@article{k,\n  title = {${'{'.repeat(depth)}${'}'.repeat(depth)}}}`;
  },
  'unterminated quotes on every line': () => fill('@article{k, title = "x\n'),
  '@string chain doubling (682 characters)': () => `${doublingMacros}\n@misc{bomb, title = m39}\n`,
  '@string macro just under the field limit, used up to the expanded limit': () =>
    entries((i) => `@misc{k${i}, title = m}\n`, `@string{m = {${fieldOf('Schr\\"{o}dinger \\emph{L\\\'evy} ')}}}\n`, 99),
  '@string macro just under the field limit, used everywhere': () =>
    entries((i) => `@misc{k${i}, title = m, abstract = m, note = m}\n`, `@string{m = {${fieldOf('x')}}}\n`),
  '@string macros, 20,000 chained': () => entries((i) => `@string{s${i + 1} = s${i} # "x"}\n`, '@string{s0 = "x"}\n', 20_000),
  'authors: 500 entries of " and "': () => entries((i) => `@misc{k${i}, title = {t}, author = {${'A and '.repeat(Math.floor(LIMIT / 500 / 6) - 5)}B}}\n`),
  'authors: long runs of spaces before "and"': () => entries((i) => `@misc{k${i}, title = {t}, author = {A${' '.repeat(1_900)}x and B}}\n`),
  'authors: names of commas and braces': () => entries((i) => `@misc{k${i}, title = {t}, author = {${fieldOf(',{a},')}}}\n`),
  'titles and abstracts of formulas only': () => entries((i) => `@misc{k${i}, title = {${fieldOf('$x_{1}$ ')}}, abstract = {${fieldOf('$y^2$ ')}}}\n`),
  'as many formulas as allowed, and accented text': () =>
    entries((i) => `@misc{k${i}, title = {${'$x_{1}$ '.repeat(20)}}, abstract = {${'Schr\\"{o}dinger \\emph{na\\"{\\i}ve} '.repeat(60)}}}\n`),
  'as much mathematics as allowed, in matrices': () =>
    entries((i) => `@misc{k${i}, title = {t}, abstract = {$\\begin{matrix}${'a&b\\\\'.repeat(190)}\\end{matrix}$ ${'x '.repeat(4_400)}}}\n`),
  'titles of unclosed math delimiters': () => entries((i) => `@misc{k${i}, title = {${fieldOf('\\( $$ \\[ ')}}}\n`),
  'quoted titles of closing braces, then unclosed emphasis': () =>
    entries((i) => {
      const count = Math.floor((FIELD - 10) / 8);
      return `@misc{k${i}, title = "${'}'.repeat(count)}${'\\emph{a'.repeat(count)}"}\n`;
    }),
  'titles of nested emphasis': () =>
    entries((i) => {
      const depth = Math.floor((FIELD - 10) / 8);
      return `@misc{k${i}, title = {${'\\emph{a'.repeat(depth)}${'}'.repeat(depth)}}}\n`;
    }),
  'arXiv addresses repeated in a URL': () => entries((i) => `@misc{k${i}, title = {t}, url = {${fieldOf('arxiv.org/abs/')} x}}\n`),
  'many tiny entries': () => entries((i) => `@misc{k${i},title={t}}\n`, '', Infinity),
  'many tiny errors': () => fill('@x{\n'),
  'many @comment lines': () => fill('@comment{x}\n'),
  'a PDF chosen by mistake': () => binaryAsText('%PDF-1.7\n'),
  'binary without a header': () => binaryAsText(''),
};

export interface BibtexTiming {
  name: string;
  chars: number;
  /** Median time to parse the file and render its entries in-process, as the preview does. */
  ms: number;
  /** Entries read, or 0 when the file is refused. */
  entries: number;
  /** The first problem reported, cut short. */
  answer: string;
  /** With a site: the preview's HTTP status and its time from sending to the whole answer. */
  status?: number;
  previewMs?: number;
  /** With a site: the slowest `GET /api/health` sent every 25 ms while the site read the file. */
  stallMs?: number;
  /** With a site, for the file slowest to read only: the slowest sign-in sent every 100 ms meanwhile. */
  signInMs?: number;
}

/** A site to send the files to: its address, a staff member's access token and credentials. */
export interface SiteUnderTest {
  url: string;
  access: string;
  email: string;
  password: string;
}

function readFile(text: string) {
  const parsed = parseBibtex(text);
  return parsed.ok ? { entries: parsed.entries.map(renderEntry).length, answer: 'accepted' } : { entries: 0, answer: parsed.errors[0].slice(0, 120) };
}

/** Sends the file to the preview and, until it answers, `probe` every `everyMs`: the preview's status and time, and the slowest probe. */
async function whileReading(site: SiteUnderTest, text: string, probe: () => Promise<Response>, everyMs: number) {
  const started = performance.now();
  let done = false;
  const preview = fetch(`${site.url}/api/publications/import/preview/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${site.access}` },
    body: JSON.stringify({ bibtex: text }),
  }).then(async (answer) => {
    await answer.arrayBuffer();
    done = true;
    return { status: answer.status, previewMs: Math.round(performance.now() - started) };
  });
  let slowest = 0;
  while (!done) {
    const sent = performance.now();
    const answer = await probe();
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${answer.url} answered ${answer.status} while the site read a file`);
    slowest = Math.max(slowest, performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return { ...(await preview), slowestMs: Math.round(slowest) };
}

/**
 * The median of `rounds` readings of each worst file in-process, after one to warm up. With a site,
 * also each file's preview there while its health is asked every 25 ms, and the preview of the file
 * slowest to read while a staff member signs in every 100 ms: about ten sign-ins, within the rate
 * limit of a site started with its defaults (20 a minute).
 */
export async function bibtexImportTimings(rounds = 3, site?: SiteUnderTest): Promise<BibtexTiming[]> {
  const timings: BibtexTiming[] = [];
  const texts = new Map<string, string>();
  for (const [name, build] of Object.entries(WORST_FILES)) {
    const text = build();
    if (text.length > LIMIT) throw new Error(`${name}: over the limit`);
    texts.set(name, text);
    const { entries: count, answer } = readFile(text);
    const runs: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const start = performance.now();
      readFile(text);
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    const timing: BibtexTiming = { name, chars: text.length, ms: Math.round(runs[Math.floor(runs.length / 2)]), entries: count, answer };
    if (site) {
      const { status, previewMs, slowestMs } = await whileReading(site, text, () => fetch(`${site.url}/api/health`), 25);
      Object.assign(timing, { status, previewMs, stallMs: slowestMs });
    }
    timings.push(timing);
  }
  if (site) {
    const slowest = timings.reduce((a, b) => (b.ms > a.ms ? b : a));
    const signIn = () =>
      fetch(`${site.url}/api/users/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: site.email, password: site.password }),
      });
    slowest.signInMs = (await whileReading(site, texts.get(slowest.name)!, signIn, 100)).slowestMs;
  }
  return timings;
}

const PORT = 8530;
/** A file must be answered, and a sign-in meanwhile too, within this. */
const BUDGET_MS = 1_000;

async function main() {
  const root = path.resolve(__dirname, '..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bibtex-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  createStaff(env, 'sources');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const url = `http://127.0.0.1:${PORT}`;
    await waitFor(`${url}/api/health`);
    const access = await signIn(url);
    const timings = await bibtexImportTimings(3, { url, access, ...STAFF });
    let ok = true;
    for (const t of timings) {
      const within = t.ms < BUDGET_MS && (t.previewMs ?? 0) < BUDGET_MS && (t.stallMs ?? 0) < BUDGET_MS && (t.signInMs ?? 0) < BUDGET_MS && t.status !== 500;
      ok &&= within;
      const signIn = t.signInMs === undefined ? '' : `, sign-in meanwhile ${t.signInMs} ms`;
      console.log(
        `${within ? '  ' : '! '}${t.name}: read in ${t.ms} ms (${t.chars} characters, ${t.entries} entries); preview ${t.status} in ${t.previewMs} ms, ` +
          `health meanwhile ${t.stallMs} ms${signIn} — ${t.answer}`,
      );
    }
    console.log(ok ? 'within budget' : 'BUDGET MISSED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

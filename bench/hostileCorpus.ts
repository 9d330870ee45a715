/**
 * The hostile corpus: inputs at the site's limits built against its heavy work (Markdown, charts,
 * raw HTML, BibTeX, oversized JSON), each sent by a staff member while, from other client addresses,
 * `/api/health` is asked every 20 ms, a visitor signs in every 250 ms and another reads the home page
 * and a script. Budgets: health p99 < 100 ms and every sign-in < 500 ms while each case runs; each
 * case is answered 200 (rendered within the deadline, or its problems named) or 400/413 with a
 * message (an address: 404, or 414/431 for its length), never 500; nobody else gets a 503.
 * `npx tsx bench/hostileCorpus.ts` runs the built site (`npm run build` first; 127.0.0.1:8540) on a
 * fresh embedded database with its shipped defaults; `hostileCorpus()` is what bench/run.ts calls.
 */
import http from 'node:http';

import { NOTE_LIMITS } from '../server/contract/noteRules';
import { WORST_FILES } from './bibtexImport';
import { localSite, STAFF, withBuiltSite } from './builtSite';

const PORT = 8540;
const SITE = localSite(PORT);
const BUDGET = { healthP99Ms: 100, signInMs: 500 };
const LIMIT = NOTE_LIMITS.bodyBytes;

const fill = (unit: string, prefix = '', suffix = '') =>
  prefix + unit.repeat(Math.floor((LIMIT - Buffer.byteLength(prefix) - Buffer.byteLength(suffix)) / Buffer.byteLength(unit))) + suffix;

function chart(rows: number, series: number, type = 'line'): string {
  const header = ['x', ...Array.from({ length: series }, (_, s) => `s${s}`)].join(',');
  const lines = Array.from({ length: rows }, (_, r) => [r, ...Array.from({ length: series }, (_, s) => (r * (s + 3)) % 97)].join(','));
  return ['```chart', `type: ${type}`, 'title: Hostile', '---', header, ...lines, '```', ''].join('\n');
}

/** Note bodies at the size limit, each aimed at one stage of the Markdown pipeline. */
const BODIES: Record<string, () => string> = {
  '*a repeated': () => fill('*a'),
  '*_**_a repeated': () => fill('*_**_a'),
  '[ repeated': () => fill('['),
  footnotes: () => fill('[^n]: x\n', '', ''),
  'footnote references': () => fill('x[^1] ', '', '\n\n[^1]: note\n'),
  'a big table': () => fill('|a|b|c|d|\n', '|h|i|j|k|\n|-|-|-|-|\n'),
  'links and images': () => fill('[a](http://x.y/) ![b](photo:1) '),
  '<div> × 5,000 nested': () => '<div>'.repeat(5_000),
  '<span> × 20,000 nested': () => '<span>'.repeat(20_000),
  '<div> nested 2,000 deep and closed': () => `${'<div>'.repeat(2_000)}x${'</div>'.repeat(2_000)}`,
  'a chart of 100,000 rows': () => chart(100_000, 1).slice(0, LIMIT),
  'a scatter chart of 5,000 rows × 7 series': () => chart(5_000, 7, 'scatter').slice(0, LIMIT),
  '12 scatter charts': () =>
    Array.from({ length: 12 }, () => chart(300, 4, 'scatter'))
      .join('\n')
      .slice(0, LIMIT),
  'math: \\frac nested': () => fill('$\\frac{\\frac{\\frac{a}{b}}{c}}{d}$ '),
};

/** As many papers as one file imports, each with formulas in its title and abstract: the longest list one import makes. */
const MANY_PAPERS = () =>
  Array.from(
    { length: 500 },
    (_, i) =>
      `@article{many${i}, author = {Doe, Jane and Roe, Rick}, title = {Paper ${i} on $\\alpha_${i % 9}$ and $\\sigma_t^2$}, journal = {Journal of Risk}, year = {${2000 + (i % 25)}}, abstract = {${'We study $x^2$ and $\\sigma_t$ under a model with $H < 1/2$. '.repeat(3)}}}\n`,
  ).join('');

/** Node reads request lines up to 16 KB: each address fills most of that. */
const HOSTILE_ADDRESSES: Record<string, () => string> = {
  'a reset link of slashes': () => `/reset-password${'/'.repeat(15_000)}x`,
  'an unsubscribe link of slashes': () => `/unsubscribe${'/'.repeat(15_000)}x`,
  'a query of tokens': () => `/?${'token=x&'.repeat(1_600)}`,
  'a note address of hyphens': () => `/notes/${'-'.repeat(15_000)}`,
  'a tag of percent escapes': () => `/notes/tag/${'%41'.repeat(5_000)}`,
};

export interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One request from a chosen client address (the site limits and sheds per address). */
function request(method: string, url: string, options: { body?: string; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${SITE}${url}`,
      { method, headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers }, localAddress: options.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

/** Asks `ask` every `everyMs` until `until` settles; answers every answer. */
export async function meanwhile(until: Promise<unknown>, everyMs: number, ask: () => Promise<Answer>): Promise<Answer[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const answers: Answer[] = [];
  while (!done) {
    answers.push(await ask().catch(() => ({ status: 0, ms: 0, body: '' })));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return answers;
}

export interface CaseResult {
  name: string;
  status: number;
  ms: number;
  outcome: string;
  healthP99: number;
  slowestSignIn: number;
  othersRefused: number;
  ok: boolean;
}

async function runCase(name: string, send: () => Promise<Answer>): Promise<CaseResult> {
  const sent = send();
  const [health, signIns, reads] = await Promise.all([
    meanwhile(sent, 20, () => request('GET', '/api/health', { from: '127.0.0.2' })),
    meanwhile(sent, 250, () =>
      request('POST', '/api/users/login/', { from: '127.0.0.3', body: JSON.stringify({ email: STAFF.email, password: STAFF.password }) }),
    ),
    meanwhile(sent, 100, async () => {
      const page = await request('GET', '/', { from: '127.0.0.4', headers: { accept: 'text/html' } });
      return page.status === 200 ? request('GET', '/robots.txt', { from: '127.0.0.4' }) : page;
    }),
  ]);
  const answer = await sent;
  const others = [...health, ...signIns, ...reads];
  let outcome = answer.body.slice(0, 140).replace(/\s+/g, ' ');
  try {
    const parsed = JSON.parse(answer.body) as { problems?: { message: string }[]; html?: string };
    if (parsed.problems)
      outcome = parsed.problems.length ? parsed.problems[0].message.slice(0, 140) : `rendered, ${((parsed.html ?? '').length / 1e6).toFixed(2)} MB of HTML`;
  } catch {
    // not JSON: the text is the outcome
  }
  const healthP99 = percentile(
    health.map((a) => a.ms),
    99,
  );
  const slowestSignIn = Math.max(0, ...signIns.map((a) => a.ms));
  const othersRefused = others.filter((a) => a.status !== 200).length;
  // An answer the site means: rendered or refused, not found, or redirected to its one address (a tag is lowercase).
  const ok =
    [200, 301, 308, 400, 404, 413, 414, 431].includes(answer.status) &&
    healthP99 < BUDGET.healthP99Ms &&
    slowestSignIn < BUDGET.signInMs &&
    othersRefused === 0;
  return {
    name,
    status: answer.status,
    ms: Math.round(answer.ms),
    outcome,
    healthP99: Math.round(healthP99),
    slowestSignIn: Math.round(slowestSignIn),
    othersRefused,
    ok,
  };
}

/** Runs every case against a site already listening at SITE with the staff account; answers each case's figures. */
export async function corpusAgainstSite(): Promise<CaseResult[]> {
  const signedIn = JSON.parse((await request('POST', '/api/users/login/', { body: JSON.stringify(STAFF) })).body) as { access: string };
  const staff = { authorization: `Bearer ${signedIn.access}` };
  const results: CaseResult[] = [];
  const report = (result: CaseResult) => {
    results.push(result);
    console.log(
      `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}: ${result.status} in ${result.ms} ms (${result.outcome}); health p99 ${result.healthP99} ms, slowest sign-in ${result.slowestSignIn} ms, others refused ${result.othersRefused}`,
    );
  };
  for (const [name, body] of Object.entries(BODIES))
    report(await runCase(`note preview: ${name}`, () => request('POST', '/api/notes/preview/', { headers: staff, body: JSON.stringify({ body: body() }) })));
  report(
    await runCase('a 20 MB notebook-sized JSON body', () =>
      request('POST', '/api/notes/preview/', {
        headers: staff,
        body: JSON.stringify({ body: 'x', cells: Array.from({ length: 200_000 }, () => 'a'.repeat(90)) }),
      }),
    ),
  );
  // Addresses at the request line's size limit that a pattern over the address (routing, log redaction) could choke on.
  for (const [name, address] of Object.entries(HOSTILE_ADDRESSES))
    report(await runCase(`address: ${name}`, () => request('GET', address(), { headers: { accept: 'text/html' } })));
  for (const [name, file] of Object.entries(WORST_FILES))
    report(
      await runCase(`BibTeX preview: ${name}`, () =>
        request('POST', '/api/publications/import/preview/', { headers: staff, body: JSON.stringify({ bibtex: file() }) }),
      ),
    );
  // Last: the papers stay, and every page that lists them grows.
  report(
    await runCase('BibTeX import of 500 papers with formulas', () =>
      request('POST', '/api/publications/import/', { headers: staff, body: JSON.stringify({ bibtex: MANY_PAPERS() }) }),
    ),
  );
  report(await runCase('the Research page of those 500 papers, its first view', () => request('GET', '/research', { headers: { accept: 'text/html' } })));
  return results;
}

/** Starts the built site on a fresh data folder, runs the corpus, stops it. */
export async function hostileCorpus(): Promise<CaseResult[]> {
  return withBuiltSite({ port: PORT, env: { AUTH_RATE_LIMIT: '100000' } }, corpusAgainstSite);
}

if (require.main === module) {
  hostileCorpus().then(
    (results) => {
      const failed = results.filter((result) => !result.ok);
      console.log(failed.length ? `${failed.length} of ${results.length} cases missed a budget` : `all ${results.length} cases within budget`);
      process.exit(failed.length ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

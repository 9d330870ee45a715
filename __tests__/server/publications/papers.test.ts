import sharp from 'sharp';

import { KATEX_FIRST_FONTS, KATEX_FONT_FACES, KATEX_INLINE_STYLES_ID } from '../../../server/contract/paths';
import type { ImportPlan, ListedPublication, Paper } from '../../../server/contract/publications';
import { formatMissingCitations } from '../../../server/src/services/citations';
import { PUBLICATION_MESSAGES } from '../../../server/src/services/publications';
import { documentIn } from '../media/client';
import { pageServerFor } from '../testServer';
import { PAPERS_BIB, WORKING_PAPER_BIB } from './fixtures';

const PUBLIC_URL = 'https://northcote.example';

/** A conference paper whose title has mathematics, with topics, further material and fields a reference manager keeps for itself. */
const GRADIENT_BIB = String.raw`@inproceedings{Northcote2023:Grad,
  author = {Northcote, Elias and Doe, Jane},
  title = {Estimating $\partial_\theta \mathbb{E}[f(X)]$ without bias},
  booktitle = {Proceedings of the ACM International Conference on AI in Finance},
  pages = {10--18},
  year = {2023},
  doi = {10.1145/3604237.3626851},
  keywords = {Volatility; Monte Carlo, rough paths},
  code = {https://github.com/northcote/unbiased-gradients},
  slides = {https://northcote.example/slides/gradients.pdf},
  video = {not a link},
  file = {:C\:/Users/elias/Papers/gradients.pdf:PDF},
  abstract = {We estimate $\nabla_\theta \mathbb{E}[f(X_\theta)]$ with \emph{no} bias.}
}`;

const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(([, json]) => JSON.parse(json));
const metaValues = (html: string, name: string) => [...html.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)">`, 'g'))].map(([, value]) => value);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('a page per paper', () => {
  const { server, staff } = pageServerFor('all', { publicUrl: PUBLIC_URL });

  const get = (url: string) => server.inject({ method: 'GET', url });
  const importBib = async (bibtex: string) => {
    const response = await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex } });
    expect(response.statusCode).toBe(200);
    return response.json<ImportPlan>();
  };
  const preview = (bibtex: string) => server.inject({ method: 'POST', url: '/api/publications/import/preview/', headers: staff, payload: { bibtex } });
  const publications = async () => (await get('/api/publications/')).json<ListedPublication[]>();

  beforeAll(async () => {
    await importBib(`${PAPERS_BIB}\n${WORKING_PAPER_BIB}\n${GRADIENT_BIB}`);
    // The article's paper is a PDF anyone may download.
    const article = (await publications()).find((entry) => entry.cite_key === 'northcote2019slv')!;
    const document = await documentIn(server, staff, 'Papers', 'SLV paper');
    const attached = await server.inject({ method: 'PATCH', url: `/api/publications/${article.id}/`, headers: staff, payload: { document } });
    expect(attached.statusCode).toBe(200);
    await server.refreshDerivedContent();
  });

  it('gives each publication a page key from its citation key, a kind, topics and further links', async () => {
    const list = await publications();
    expect(list.map((entry) => [entry.key, entry.kind.name])).toEqual([
      ['northcote2025costs', 'Working paper'],
      ['northcote2024rough', 'Working paper'],
      ['northcote2023-grad', 'Conference paper'],
      ['northcote2019slv', 'Journal article'],
    ]);
    const gradient = list[2];
    expect(gradient.topics).toEqual([
      { slug: 'volatility', name: 'Volatility' },
      { slug: 'monte-carlo', name: 'Monte Carlo' },
      { slug: 'rough-paths', name: 'rough paths' },
    ]);
    expect(gradient.links).toEqual([
      { label: 'Code', href: 'https://github.com/northcote/unbiased-gradients' },
      { label: 'Slides', href: 'https://northcote.example/slides/gradients.pdf' },
    ]);
    expect(gradient.title_text).toBe('Estimating ∂θE[f(X)] without bias');
  });

  // The first citation loads Citation.js and reads its styles: seconds on a busy machine.
  it('renders the paper’s first HTML with every Google Scholar tag, its abstract and every way to cite it', async () => {
    const page = await get('/research/northcote2019slv');
    expect(page.statusCode).toBe(200);
    const head = headOf(page.body);
    expect(metaValues(head, 'citation_title')).toEqual(['Calibrating stochastic-local volatility with jumps']);
    expect(metaValues(head, 'citation_author')).toEqual(['Elias Northcote', 'Bernd Götz', 'René Carmona']);
    expect(metaValues(head, 'citation_publication_date')).toEqual(['2019']);
    expect(metaValues(head, 'citation_journal_title')).toEqual(['Journal of Computational Finance']);
    expect(metaValues(head, 'citation_doi')).toEqual(['10.21314/JCF.2019.001']);
    expect(['volume', 'issue', 'firstpage', 'lastpage'].map((name) => metaValues(head, `citation_${name}`))).toEqual([['22'], ['4'], ['1'], ['29']]);
    expect(metaValues(head, 'citation_pdf_url')).toEqual([`${PUBLIC_URL}/research/northcote2019slv/paper.pdf`]);
    expect(head).toContain('<title>Calibrating stochastic-local volatility with jumps | ');
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/research/northcote2019slv">`);
    expect(head).toContain(`<meta property="og:image" content="${PUBLIC_URL}/research/northcote2019slv/share-image.png">`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(jsonLd(head).find((data) => data['@type'] === 'ScholarlyArticle')).toMatchObject({
      headline: 'Calibrating stochastic-local volatility with jumps',
      author: [{ name: 'Elias Northcote' }, { name: 'Bernd Götz' }, { name: 'René Carmona' }],
      datePublished: '2019',
      sameAs: 'https://doi.org/10.21314/JCF.2019.001',
      url: `${PUBLIC_URL}/research/northcote2019slv`,
    });
    expect(jsonLd(head).some((data) => data['@type'] === 'BlogPosting')).toBe(false);

    const body = page.body.slice(page.body.indexOf('<body>'));
    // The styles with their italics.
    expect(body).toContain(
      'Northcote, Elias, Bernd Götz, and René Carmona. 2019. “Calibrating Stochastic-Local Volatility with Jumps.” <i>Journal of Computational Finance</i> 22 (4): 1–29.',
    );
    expect(body).toContain(
      'Northcote, E., Götz, B., &amp; Carmona, R. (2019). Calibrating stochastic-local volatility with jumps. <i>Journal of Computational Finance</i>, <i>22</i>(4), 1–29.',
    );
    expect(body).toContain('@article{northcote2019slv,');
    expect(body).toContain('TY  - JOUR');
    expect(body).toContain(`href="/api/publications/papers/northcote2019slv/cite/ris/"`);
  }, 30_000);

  it('shows a conference paper’s abstract with its mathematics in the first HTML, names it in plain text and cites it without private fields', async () => {
    const page = await get('/research/northcote2023-grad');
    expect(page.statusCode).toBe(200);
    const head = headOf(page.body);
    expect(metaValues(head, 'citation_title')).toEqual(['Estimating ∂θE[f(X)] without bias']);
    expect(metaValues(head, 'citation_conference_title')).toEqual(['Proceedings of the ACM International Conference on AI in Finance']);
    expect(metaValues(head, 'citation_journal_title')).toEqual([]);
    expect(['firstpage', 'lastpage', 'volume'].map((name) => metaValues(head, `citation_${name}`))).toEqual([['10'], ['18'], []]);
    // No PDF is attached.
    expect(metaValues(head, 'citation_pdf_url')).toEqual([]);
    expect(head).toContain('<meta name="description" content="We estimate ∇θE[f(Xθ)] with no bias.">');
    // A short abstract's formulas barely move the page when KaTeX's fonts arrive: they are not fetched ahead, as a note's are.
    expect(head).not.toContain(`<link rel="preload" href="${KATEX_FIRST_FONTS[0]}"`);

    // React separates text parts with empty comments.
    const body = page.body.slice(page.body.indexOf('<body>')).replaceAll('<!-- -->', '');
    // 𝔼 is drawn blackboard bold: MathML Core browsers draw no mathvariant but normal.
    expect(body).toContain('<mi>𝔼</mi>');
    expect(body).not.toContain('mathvariant="double-struck"');
    expect(body).toMatch(/<h2[^>]*>Abstract<\/h2><p[^>]*>We estimate <span class="katex"><span class="katex-mathml"><math/);
    // Accessible names and hidden link text read the title as text, never its TeX.
    const names = [...body.matchAll(/aria-label="([^"]*)"/g), ...body.matchAll(/<span class="visually-hidden">([^<]*)<\/span>/g)].map(([, name]) => name);
    expect(names).toContain(' of Estimating ∂θE[f(X)] without bias');
    expect(names).toContain('Estimating ∂θE[f(X)] without bias');
    expect(names.filter((name) => /[$\\]/.test(name))).toEqual([]);
    for (const link of [
      'https://doi.org/10.1145/3604237.3626851',
      'https://github.com/northcote/unbiased-gradients',
      'https://northcote.example/slides/gradients.pdf',
    ])
      expect(body).toContain(`href="${link}"`);

    const paper = (await get('/api/publications/papers/northcote2023-grad/')).json<Paper>();
    expect(paper.citations.bibtex).toContain('@inproceedings{Northcote2023:Grad,');
    expect(paper.citations.bibtex).toContain('keywords = {Volatility; Monte Carlo, rough paths}');
    expect(paper.citations.bibtex).not.toContain('file =');
    expect(paper.citations.apa).toBe(
      'Northcote, E., & Doe, J. (2023). Estimating ∂θE[f(X)] without bias. Proceedings of the ACM International Conference on AI in Finance, 10–18. https://doi.org/10.1145/3604237.3626851',
    );
    expect(paper.citations.ris).toContain('TI  - Estimating ∂θE[f(X)] without bias');
  });

  it('redirects another spelling of a key to the paper’s own, and answers 404 for an unknown key', async () => {
    const moved = await get('/research/Northcote2019SLV');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/research/northcote2019slv');
    for (const url of ['/research/no-such-paper', '/research/no-such-paper/share-image.png', '/api/publications/papers/no-such-paper/'])
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
  });

  it('draws a share image per paper', async () => {
    const image = await get('/research/northcote2023-grad/share-image.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('offers each citation as a file to download', async () => {
    const files = {
      bibtex: ['northcote2025costs.bib', 'application/x-bibtex', '@techreport{northcote2025costs,'],
      ris: ['northcote2025costs.ris', 'application/x-research-info-systems', 'TY  - RPRT'],
      apa: ['northcote2025costs-apa.txt', 'text/plain', 'Northcote, E. (2025). Transaction costs in statistical arbitrage (Working Paper No. 4567890). SSRN.'],
      chicago: [
        'northcote2025costs-chicago.txt',
        'text/plain',
        'Northcote, Elias. 2025. Transaction Costs in Statistical Arbitrage. Working Paper No. 4567890. SSRN.',
      ],
    };
    for (const [format, [name, type, start]] of Object.entries(files)) {
      const response = await get(`/api/publications/papers/northcote2025costs/cite/${format}/`);
      expect([format, response.statusCode]).toEqual([format, 200]);
      expect(response.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(response.body.startsWith(start)).toBe(true);
    }
    expect((await get('/api/publications/papers/northcote2025costs/cite/docx/')).statusCode).toBe(400);
    expect((await get('/api/publications/papers/nobody/cite/ris/')).statusCode).toBe(404);
  });

  it('lists every paper page in the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    for (const key of ['northcote2019slv', 'northcote2024rough', 'northcote2025costs', 'northcote2023-grad'])
      expect(sitemap).toMatch(new RegExp(`<loc>${PUBLIC_URL}/research/${key}</loc><lastmod>\\d{4}-`));
    expect(sitemap).not.toContain('/research/year/');
  });

  it('filters the research list on the server by year, type and topic, with the filter in the address', async () => {
    const titles = (html: string) => [...html.matchAll(/<article[^>]*aria-label="([^"]*)"/g)].map(([, title]) => title);
    const everything = await get('/research');
    expect(titles(everything.body)).toHaveLength(4);
    expect(everything.body).toContain('href="/research/northcote2019slv"');

    const byTopic = await get('/research/topic/volatility');
    expect(byTopic.statusCode).toBe(200);
    expect(titles(byTopic.body)).toEqual(['Estimating ∂θE[f(X)] without bias']);
    expect(byTopic.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/research/topic/volatility">`);

    const byType = await get('/research/type/working-paper');
    expect(titles(byType.body).sort()).toEqual(['Pricing under α-stable Lévy processes with σ² = 0.04', 'Transaction costs in statistical arbitrage']);
    // The current filter is marked, and each other value links to the list it leaves.
    expect(byType.body).toMatch(
      /<a[^>]*href="\/research\/type\/working-paper"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/research\/type\/working-paper"/,
    );
    expect(byType.body).toContain('href="/research/year/2024/type/working-paper"');

    const combined = await get('/research/year/2023/type/conference-paper/topic/monte-carlo');
    expect(combined.statusCode).toBe(200);
    expect(titles(combined.body)).toEqual(['Estimating ∂θE[f(X)] without bias']);

    for (const url of ['/research/year/1999', '/research/topic/no-such-topic', '/research/year/2019/type/working-paper', '/research/year/twenty'])
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
  });

  it('shows the papers staff select under the home page’s introduction in its first HTML, re-rendered when the selection changes', async () => {
    const selectedTitles = (html: string) => {
      const section = /<section[^>]*aria-labelledby="home-papers".*?<\/section>/.exec(html)?.[0] ?? '';
      return [...section.matchAll(/<a href="(\/research\/[^"]*)"/g)].map(([, href]) => href);
    };
    expect(selectedTitles((await get('/')).body)).toEqual([]);
    const gradient = (await publications()).find((entry) => entry.cite_key === 'Northcote2023:Grad')!;
    const select = (selected: boolean) => server.inject({ method: 'PATCH', url: `/api/publications/${gradient.id}/`, headers: staff, payload: { selected } });
    expect((await select(true)).statusCode).toBe(200);
    const home = (await get('/')).body;
    expect(selectedTitles(home)).toEqual(['/research/northcote2023-grad']);
    expect(home).toMatch(/aria-labelledby="home-papers".*<a href="\/research">All research<\/a>/);
    // The title's mathematics as MathML, named by its plain text.
    expect(home).toContain(
      `<a href="/research/northcote2023-grad"><span aria-hidden="true" data-fragment="">Estimating <span class="katex"><span class="katex-mathml"><math`,
    );
    expect(home).toContain(`<style id="${KATEX_INLINE_STYLES_ID}">`);
    // A list's formulas sit in titles: KaTeX's fonts are not fetched ahead of the first paint, as a note's are;
    // its font faces are added once the page has painted, or at once without scripts.
    expect(home).not.toContain('<link rel="preload"');
    expect(new RegExp(`<style id="${KATEX_INLINE_STYLES_ID}">[^<]*\\.katex\\{[^<]*</style>`).exec(home)?.[0]).not.toContain('@font-face');
    expect(home).toMatch(new RegExp(`<script defer src="/boot.js" data-scripts="[^"]+" data-styles="${KATEX_FONT_FACES}"></script>`));
    expect(home).toContain(`<noscript><link rel="stylesheet" href="${KATEX_FONT_FACES}"></noscript>`);
    expect((await select(false)).statusCode).toBe(200);
    expect(selectedTitles((await get('/')).body)).toEqual([]);
  });

  it('refuses two citation keys that would share a page', async () => {
    const response = await preview('@misc{northcote2023-grad, title = {Clash}}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      bibtex: [PUBLICATION_MESSAGES.sameAddress('northcote2023-grad', 'Northcote2023:Grad', '/research/northcote2023-grad')],
    });
  });

  it('shows a paper’s BibTeX alone, never formatting on a view, until the background has formatted its citations again', async () => {
    const older = { apa: 'Older APA.', chicago: 'Older Chicago.', bibtex: '@misc{x}', ris: 'TY  - GEN\nER  - \n' };
    const row = await server.db.selectFrom('publications').select(['bibtex']).where('cite_key', '=', 'northcote2025costs').executeTakeFirstOrThrow();
    await server.db
      .updateTable('publications')
      .set({ citations: JSON.stringify(older) })
      .where('cite_key', '=', 'northcote2025costs')
      .execute();
    server.changes.publish('Publication');
    const pending = (await get('/api/publications/papers/northcote2025costs/')).json<Paper>().citations;
    expect(pending).toEqual({ apa: '', chicago: '', bibtex: row.bibtex, ris: '', apa_html: '', chicago_html: '' });
    const file = await get('/api/publications/papers/northcote2025costs/cite/apa/');
    expect([file.statusCode, file.headers['retry-after'], file.json()]).toEqual([503, '5', { detail: PUBLICATION_MESSAGES.citationPending }]);
    expect((await get('/api/publications/papers/northcote2025costs/cite/bibtex/')).body).toBe(row.bibtex);

    // The background's pass announces what it stored: the cached answer is not kept.
    await server.refreshDerivedContent();
    const { citations } = (await get('/api/publications/papers/northcote2025costs/')).json<Paper>();
    expect(citations.chicago_html).toBe(
      'Northcote, Elias. 2025. <i>Transaction Costs in Statistical Arbitrage</i>. Working Paper No. 4567890. SSRN. https://papers.ssrn.com/sol3/papers.cfm?abstract_id=4567890.',
    );
    expect(citations.apa).not.toBe(older.apa);
    expect((await get('/api/publications/papers/northcote2025costs/cite/apa/')).statusCode).toBe(200);
  });

  it('formats again, in the background, citations an earlier formatting stored', async () => {
    const earlier = {
      apa: 'Earlier APA.',
      chicago: 'Earlier Chicago.',
      bibtex: '@misc{x}',
      ris: 'TY  - GEN\nER  - \n',
      apa_html: 'Earlier APA.',
      chicago_html: 'Earlier.',
    };
    const papers = await server.db
      .updateTable('publications')
      .set({ citations: JSON.stringify(earlier) })
      .executeTakeFirst();
    expect(await formatMissingCitations(server)).toBe(Number(papers.numUpdatedRows));
    expect(await formatMissingCitations(server)).toBe(0);
    const { citations } = (await get('/api/publications/papers/northcote2025costs/')).json<Paper>();
    expect(citations.chicago).toContain('Working Paper No. 4567890. SSRN.');
  });

  it('reads a paper imported before its fields were kept from its BibTeX source', async () => {
    // Such rows come from before citations were stored too.
    await server.db.updateTable('publications').set({ fields: '{}', citations: null, updated_at: new Date().toISOString() }).execute();
    await server.refreshDerivedContent();
    const costs = (await get('/api/publications/papers/northcote2025costs/')).json<Paper>();
    expect(costs.citations.chicago).toContain('Working Paper No. 4567890. SSRN.');
    const gradient = (await get('/api/publications/papers/northcote2023-grad/')).json<Paper>();
    expect(gradient.topics.map((topic) => topic.slug)).toEqual(['volatility', 'monte-carlo', 'rough-paths']);
    // The article's journal was an @string macro of its file: its source alone does not name it.
    const article = (await get('/api/publications/papers/northcote2019slv/')).json<Paper>();
    expect(article.citations.apa).toBe(
      'Northcote, E., Götz, B., & Carmona, R. (2019). Calibrating stochastic-local volatility with jumps. https://doi.org/10.21314/JCF.2019.001',
    );
  });
});

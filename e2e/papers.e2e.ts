import path from 'node:path';

import { appReady, ARTIFACTS, expectNoProblems, openSession, readInEveryLook } from './support/browser';
import { BASE_URL } from './support/server';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';
import { apiCall, apiLogin, firstHtml, uploadPdf } from './support/site';

const STAFF = { email: 'petra.papers@example.com', password: 'Papers-passphrase-for-e2e-2026', firstName: 'Petra' };
const TITLE = 'Optimal execution when ∂θE[f(X)] is estimated online';
const KEY = 'okafor2025execution';
const APA =
  'Northcote, E., & Okafor, A. (2025). Optimal execution when ∂θE[f(X)] is estimated online. Quantitative Finance, 25(3), 301–322. https://doi.org/10.1080/14697688.2025.000001';

/** A small bibliography as a reference manager exports it: the journal article under test, a conference paper and a working paper. */
const BIBTEX = String.raw`@string{qf = {Quantitative Finance}}

@article{Okafor2025Execution,
  author = {Northcote, Elias and Okafor, Ada},
  title = {Optimal execution when $\partial_\theta \mathbb{E}[f(X)]$ is estimated online},
  journal = qf,
  volume = {25}, number = {3}, pages = {301--322},
  year = {2025},
  doi = {10.1080/14697688.2025.000001},
  keywords = {Optimal execution; market impact},
  code = {https://github.com/northcote/online-execution},
  abstract = {We trade while learning $\nabla_\theta \mathbb{E}[f(X_\theta)]$ and show the cost of \emph{not} knowing it.}
}

@inproceedings{okafor2024impact,
  author = {Okafor, Ada and Northcote, Elias},
  title = {Market impact in thin books},
  booktitle = {Proceedings of the ACM International Conference on AI in Finance},
  year = {2024},
  keywords = {market impact}
}

@techreport{okafor2026queues,
  author = {Okafor, Ada},
  title = {Queues and fills},
  institution = {SSRN}, type = {Working Paper}, number = {5000001},
  year = {2026},
  keywords = {Optimal execution}
}
`;

const shared = sharedSite({ staff: [STAFF] });

/** The paper as a PDF in the documents library, attached to the publication: set-up, not this journey's subject. */
async function attachPdf(publicationId: number): Promise<void> {
  const { access } = await apiLogin(STAFF.email, STAFF.password);
  const document = await uploadPdf(access, { category: 'Papers', name: 'Optimal execution (paper)', fileName: 'execution.pdf' });
  await apiCall(access, 'PATCH', `/api/publications/${publicationId}/`, { document });
}

/** Whether the paper's answer has its formatted citations, not its BibTeX alone. */
async function citationsFormatted(): Promise<boolean> {
  const paper = (await (await fetch(`${BASE_URL}/api/publications/papers/${KEY}/`)).json()) as { citations: { apa: string } };
  return paper.citations.apa !== '';
}

describe('papers', () => {
  it('staff import a .bib; a visitor filters the research list, opens a paper and copies its citation; search engines read it', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { screen: 'Manage publications' });
    const { page } = staff;
    await page.getByLabel('BibTeX file').setInputFiles({ name: 'papers.bib', mimeType: 'text/x-bibtex', buffer: Buffer.from(BIBTEX) });
    await page.getByRole('button', { name: 'Check import' }).click();
    await page.getByRole('heading', { name: 'Will add 3' }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported: 3 added, 0 updated.').waitFor();
    await page.getByRole('listitem', { name: TITLE }).waitFor();
    expectNoProblems(staff);
    await staff.context.close();

    const publications = await (await fetch(`${BASE_URL}/api/publications/`)).json();
    const article = (publications as { id: number; key: string }[]).find((entry) => entry.key === KEY)!;
    await attachPdf(article.id);

    // The citations are formatted in the background moments after the import: a crawler that comes
    // after that reads them in the page, and until then the BibTeX.
    for (let waited = 0; !(await citationsFormatted()); waited += 200) {
      if (waited > 30_000) throw new Error('The citations were not formatted within 30 s.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // What a crawler reads before any script: the Scholar tags, the abstract and every citation.
    const paperHtml = await firstHtml(`/research/${KEY}`);
    const head = paperHtml.slice(0, paperHtml.indexOf('</head>'));
    for (const tag of [
      `<meta name="citation_title" content="${TITLE}">`,
      '<meta name="citation_author" content="Elias Northcote">',
      '<meta name="citation_author" content="Ada Okafor">',
      '<meta name="citation_publication_date" content="2025">',
      '<meta name="citation_journal_title" content="Quantitative Finance">',
      '<meta name="citation_doi" content="10.1080/14697688.2025.000001">',
      `<meta name="citation_pdf_url" content="${BASE_URL}/research/${KEY}/paper.pdf">`,
      '"@type":"ScholarlyArticle"',
    ])
      expect([tag, head.includes(tag)]).toEqual([tag, true]);
    expect(paperHtml).toContain('<mi>𝔼</mi>');
    expect(paperHtml).toContain('the cost of <em>not</em> knowing it');
    expect(paperHtml).toContain('TY  - JOUR');
    expect(await firstHtml('/sitemap.xml')).toContain(`/research/${KEY}</loc>`);

    // A visitor narrows the list to a topic, opens the paper from it and copies its APA citation.
    const visitor = await openSession(shared.browser);
    await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const reader = visitor.page;
    reader.setDefaultTimeout(15_000);
    await reader.goto('/research');
    await appReady(reader);
    const topics = reader.getByRole('navigation', { name: 'Filter' }).getByRole('list', { name: 'Topic' });
    await topics.getByRole('link', { name: 'Optimal execution (2)' }).click();
    await reader.waitForURL((url) => url.pathname === '/research/topic/optimal-execution');
    await reader.getByText(/^Showing 2 of \d+: Optimal execution/).waitFor();
    await reader.getByRole('article', { name: 'Market impact in thin books' }).waitFor({ state: 'detached' });
    await reader.getByRole('navigation', { name: 'Filter' }).getByRole('list', { name: 'Type' }).getByRole('link', { name: 'Journal article (1)' }).click();
    await reader.waitForURL((url) => url.pathname === '/research/type/journal-article/topic/optimal-execution');
    await visitor.screenshot('visitor-research-filtered');

    await reader.getByRole('link', { name: TITLE, exact: true }).click();
    await reader.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(new URL(reader.url()).pathname).toBe(`/research/${KEY}`);
    await reader.getByRole('button', { name: 'Copy APA citation' }).click();
    await reader.getByText('APA citation copied.').waitFor();
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(APA);
    const [download] = await Promise.all([reader.waitForEvent('download'), reader.getByRole('link', { name: 'Download .bib (BibTeX)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${KEY}.bib`);
    await visitor.screenshot('visitor-paper');
    expectNoProblems(visitor);
    await visitor.context.close();

    // Readable with no script at all, at a phone's width.
    const noScript = await openSession(shared.browser, { width: 360, height: 800, javaScript: false });
    await noScript.page.goto(`/research/${KEY}`);
    await noScript.page.getByRole('heading', { name: 'Cite as' }).waitFor();
    await noScript.page.screenshot({ path: path.join(ARTIFACTS, 'visitor-paper-no-script-phone.png'), fullPage: true });
    await noScript.page.goto('/research/topic/market-impact');
    await noScript.page.getByRole('article', { name: 'Market impact in thin books' }).waitFor();
    await noScript.context.close();

    // No serious or critical accessibility problem on the filtered list or the paper, at a phone's width and a desktop's, in both themes.
    await readInEveryLook(shared.browser, '/research/topic/optimal-execution', { screenshot: 'visitor-research-filtered' });
    await readInEveryLook(shared.browser, `/research/${KEY}`, { screenshot: 'visitor-paper' });
  }, 180_000);
});

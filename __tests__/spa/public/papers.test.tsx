import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { ListedPublication, Paper } from '@/contract/publications';
import { CITATIONS_PENDING } from '@/features/research/CiteAs';

import { server, url } from '../msw';
import { renderApp, signedOutState } from '../render';
import { aPublication } from './fixtures';

const renderAt = (route: string) => renderApp({ route, preloadedState: signedOutState });

const GRADIENT_TITLE = 'Estimating ∂θE[f(X)] without bias';
const GRADIENT_HTML =
  'Estimating <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msub><mi mathvariant="normal">∂</mi><mi>θ</mi></msub><mi>𝔼</mi></mrow><annotation encoding="application/x-tex">\\partial_\\theta \\mathbb{E}[f(X)]</annotation></semantics></math></span> without bias';

const volatility = { slug: 'volatility', name: 'Volatility' };
const monteCarlo = { slug: 'monte-carlo', name: 'Monte Carlo' };

/** An article of 2019, a conference paper and a working paper of 2024, with topics that overlap. */
const PUBLICATIONS: ListedPublication[] = [
  aPublication({ topics: [volatility] }),
  aPublication({
    id: 2,
    cite_key: 'Northcote2024:Grad',
    key: 'northcote2024-grad',
    entry_type: 'inproceedings',
    kind: { slug: 'conference-paper', name: 'Conference paper' },
    title: 'Estimating $\\partial_\\theta \\mathbb{E}[f(X)]$ without bias',
    title_text: GRADIENT_TITLE,
    title_html: GRADIENT_HTML,
    year: 2024,
    venue: 'ICAIF',
    topics: [volatility, monteCarlo],
  }),
  aPublication({
    id: 3,
    cite_key: 'costs',
    key: 'costs',
    title: 'Transaction costs',
    title_text: 'Transaction costs',
    title_html: 'Transaction costs',
    kind: { slug: 'working-paper', name: 'Working paper' },
    is_working_paper: true,
    year: 2024,
    topics: [monteCarlo],
  }),
];

const servePublications = () => server.use(http.get(url('/api/publications/'), () => HttpResponse.json(PUBLICATIONS)));

const shownTitles = () => screen.queryAllByRole('article').map((article) => article.getAttribute('aria-label'));

describe('filtering the Research page', () => {
  it('narrows the list by topic, year and type with links whose addresses can be shared', async () => {
    servePublications();
    const user = userEvent.setup();
    const { router } = renderAt('/research');
    const filters = await screen.findByRole('navigation', { name: 'Filter' });
    expect(shownTitles()).toHaveLength(3);
    const topics = within(filters).getByRole('list', { name: 'Topic' });
    expect(within(topics).getByRole('link', { name: 'Any topic' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(topics).getByRole('link', { name: 'Volatility (2)' }));
    expect(router.state.location.pathname).toBe('/research/topic/volatility');
    expect(shownTitles().sort()).toEqual(['Calibrating stochastic-local volatility with jumps', GRADIENT_TITLE]);
    expect(screen.getByText(/^Showing 2 of 3/)).toHaveTextContent('Showing 2 of 3: Volatility · All research');

    // Each other filter counts what the topic leaves, and keeps the topic in its address.
    const years = within(screen.getByRole('navigation', { name: 'Filter' })).getByRole('list', { name: 'Year' });
    expect(within(years).getByRole('link', { name: '2024 (1)' })).toHaveAttribute('href', '/research/year/2024/topic/volatility');
    await user.click(within(years).getByRole('link', { name: '2024 (1)' }));
    expect(router.state.location.pathname).toBe('/research/year/2024/topic/volatility');
    expect(shownTitles()).toEqual([GRADIENT_TITLE]);

    await user.click(screen.getByRole('link', { name: 'All research' }));
    expect(router.state.location.pathname).toBe('/research');
    expect(shownTitles()).toHaveLength(3);
  });

  it('folds the filters into a disclosure, closed until opened', async () => {
    servePublications();
    const user = userEvent.setup();
    renderAt('/research');
    const filters = await screen.findByRole('navigation', { name: 'Filter' });
    const disclosure = filters.querySelector('details');
    expect(disclosure).not.toBeNull();
    expect(disclosure).not.toHaveAttribute('open');
    expect(within(filters).getByRole('list', { name: 'Topic' }).closest('details')).toBe(disclosure);
    await user.click(within(filters).getByText('Filter', { selector: 'summary' }));
    expect(disclosure).toHaveAttribute('open');
  });

  it('shows the list an address filters by type, the filter marked', async () => {
    servePublications();
    renderAt('/research/type/working-paper');
    const filters = await screen.findByRole('navigation', { name: 'Filter' });
    expect(shownTitles()).toEqual(['Transaction costs']);
    expect(within(filters).getByRole('link', { name: 'Working paper (1)' })).toHaveAttribute('aria-current', 'page');
    expect(within(filters).getByRole('link', { name: 'Any type' })).toHaveAttribute('href', '/research');
    expect(screen.queryByRole('region', { name: 'Publications' })).not.toBeInTheDocument();
  });

  it('shows the not-found screen for a combination of filters nothing matches', async () => {
    servePublications();
    renderAt('/research/year/2019/type/working-paper');
    expect(await screen.findByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
  });
});

const aPaper = (overrides: Partial<Paper> = {}): Paper => ({
  ...PUBLICATIONS[1],
  authors: ['Elias Northcote', 'Jane Doe'],
  doi: '10.1145/3604237.3626851',
  paper_url: '/research/northcote2024-grad/paper.pdf',
  document: 9,
  links: [{ label: 'Code', href: 'https://github.com/northcote/gradients' }],
  abstract: 'We estimate it with no bias.',
  abstract_html: 'We estimate it with <em>no</em> bias.',
  abstract_text: 'We estimate it with no bias.',
  paper_is_pdf: true,
  published_in: { volume: '', issue: '', first_page: '10', last_page: '18', institution: '', number: '' },
  talks: [],
  citations: {
    apa: 'Northcote, E., & Doe, J. (2024). Estimating ∂θE[f(X)] without bias. ICAIF.',
    chicago: 'Northcote, Elias, and Jane Doe. 2024. “Estimating ∂θE[f(X)] Without Bias.” In ICAIF.',
    bibtex: '@inproceedings{Northcote2024:Grad,\n  title = {Estimating $\\partial_\\theta \\mathbb{E}[f(X)]$ without bias}\n}\n',
    ris: 'TY  - CONF\nTI  - Estimating ∂θE[f(X)] without bias\nER  - \n',
    apa_html: 'Northcote, E., &amp; Doe, J. (2024). Estimating ∂θE[f(X)] without bias. <i>ICAIF</i>.',
    chicago_html: 'Northcote, Elias, and Jane Doe. 2024. “Estimating ∂θE[f(X)] Without Bias.” In <i>ICAIF</i>.',
  },
  ...overrides,
});

/** The paper's call, answering the paper for its key (in any case) and 404 for any other. */
function servePaper(paper: Paper) {
  const asked: string[] = [];
  server.use(
    http.get(url('/api/publications/papers/:key/'), ({ params }) => {
      asked.push(String(params.key));
      return String(params.key).toLowerCase() === paper.key ? HttpResponse.json(paper) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
  );
  return asked;
}

describe('a paper’s page', () => {
  it('shows the title, the authors with the owner emphasised, the venue, topics, links named in plain text and the abstract', async () => {
    servePaper(aPaper());
    renderAt('/research/northcote2024-grad');
    const heading = await screen.findByRole('heading', { level: 1, name: GRADIENT_TITLE });
    expect(heading.querySelector('math')).not.toBeNull();
    expect(screen.getByText('Elias Northcote', { selector: 'main p > strong' })).toBeInTheDocument();
    expect(screen.getByText(/Jane Doe/, { selector: 'main p' }).querySelectorAll('strong')).toHaveLength(1);
    expect(screen.getByText('ICAIF, 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Conference paper' })).toHaveAttribute('href', '/research/type/conference-paper');
    expect(within(screen.getByRole('list', { name: 'Topics' })).getByRole('link', { name: 'Monte Carlo' })).toHaveAttribute(
      'href',
      '/research/topic/monte-carlo',
    );
    const links = screen.getByRole('list', { name: 'Links' });
    expect(within(links).getByRole('link', { name: `PDF of ${GRADIENT_TITLE}` })).toHaveAttribute('href', '/research/northcote2024-grad/paper.pdf');
    expect(within(links).getByRole('link', { name: `DOI of ${GRADIENT_TITLE}` })).toHaveAttribute('href', 'https://doi.org/10.1145/3604237.3626851');
    expect(within(links).getByRole('link', { name: `Code of ${GRADIENT_TITLE}` })).toHaveAttribute('target', '_blank');
    const abstract = screen.getByRole('region', { name: 'Abstract' });
    expect(within(abstract).getByText('no', { selector: 'em' })).toBeVisible();
    expect(document.title).toBe(`${GRADIENT_TITLE} | Elias Northcote`);
  });

  it('lists the talks given on the paper, each leading to its entry on the Talks page', async () => {
    servePaper(aPaper({ talks: [{ id: 4, title: 'Unbiased gradients', event: 'ICAIF', place: 'Brooklyn', date: '2024-11-15' }] }));
    renderAt('/research/northcote2024-grad');
    const talks = await screen.findByRole('region', { name: 'Talks' });
    const links = within(talks).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('Unbiased gradients');
    expect(links[0]).toHaveAttribute('href', '/talks#talk-4');
    expect(talks).toHaveTextContent('ICAIF, Brooklyn · 15 Nov 2024');
  });

  it('has no talks section when no talk was given on the paper', async () => {
    servePaper(aPaper());
    renderAt('/research/northcote2024-grad');
    await screen.findByRole('region', { name: 'Abstract' });
    expect(screen.queryByRole('region', { name: 'Talks' })).not.toBeInTheDocument();
  });

  it('names a paper that is not a PDF Paper', async () => {
    servePaper(aPaper({ paper_is_pdf: false }));
    renderAt('/research/northcote2024-grad');
    expect(await screen.findByRole('link', { name: `Paper of ${GRADIENT_TITLE}` })).toHaveAttribute('href', '/research/northcote2024-grad/paper.pdf');
  });

  it('shows APA and Chicago with their italics, and copies them as plain text', async () => {
    const paper = aPaper();
    servePaper(paper);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderAt('/research/northcote2024-grad');
    const cite = await screen.findByRole('region', { name: 'Cite as' });
    for (const label of ['APA', 'Chicago']) {
      const block = within(cite).getByRole('region', { name: label });
      expect(within(block).getByText('ICAIF', { selector: 'pre > i' })).toBeVisible();
    }
    await userEvent.click(within(cite).getByRole('button', { name: 'Copy APA citation' }));
    expect(writeText).toHaveBeenCalledWith(paper.citations.apa);
    writeText.mockRestore();
  });

  it('offers every citation to copy and to download, and says which was copied', async () => {
    const paper = aPaper();
    servePaper(paper);
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderAt('/research/northcote2024-grad');
    const cite = await screen.findByRole('region', { name: 'Cite as' });
    for (const [label, format, file] of [
      ['APA', 'apa', '.txt'],
      ['Chicago', 'chicago', '.txt'],
      ['BibTeX', 'bibtex', '.bib'],
      ['RIS', 'ris', '.ris'],
    ] as const) {
      const block = within(cite).getByRole('region', { name: label });
      expect(block.querySelector('pre')?.textContent).toBe(paper.citations[format]);
      expect(within(block).getByRole('link', { name: `Download ${file} (${label})` })).toHaveAttribute(
        'href',
        `/api/publications/papers/northcote2024-grad/cite/${format}/`,
      );
    }
    await user.click(within(cite).getByRole('button', { name: 'Copy Chicago citation' }));
    expect(writeText).toHaveBeenCalledWith(paper.citations.chicago);
    expect(within(cite).getByRole('status')).toHaveTextContent('Chicago citation copied.');
    writeText.mockRestore();
  });

  it('selects the citation to copy by hand when the browser gives no clipboard', async () => {
    const paper = aPaper();
    servePaper(paper);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderAt('/research/northcote2024-grad');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy BibTeX citation' }));
    expect(await screen.findByText('BibTeX citation selected: copy it with Ctrl+C or ⌘C.')).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe(paper.citations.bibtex);
    writeText.mockRestore();
  });

  it('shows the BibTeX alone while the other citations are being prepared, and the others once they are', async () => {
    const formatted = aPaper();
    let answer = aPaper({ citations: { ...formatted.citations, apa: '', chicago: '', ris: '', apa_html: '', chicago_html: '' } });
    server.use(http.get(url('/api/publications/papers/:key/'), () => HttpResponse.json(answer)));
    renderAt('/research/northcote2024-grad');
    const cite = await screen.findByRole('region', { name: 'Cite as' });
    expect(within(cite).getByRole('status')).toHaveTextContent(CITATIONS_PENDING);
    expect(
      within(cite)
        .getAllByRole('region')
        .map((block) => block.getAttribute('aria-labelledby')),
    ).toEqual(['cite-bibtex']);

    answer = formatted;
    expect(await within(cite).findByRole('region', { name: 'APA' }, { timeout: 5_000 })).toHaveTextContent(formatted.citations.apa);
    expect(within(cite).getByRole('status')).toHaveTextContent('');
    expect(within(cite).getAllByRole('region')).toHaveLength(4);
  });

  it('moves another spelling of the key to the paper’s own address', async () => {
    servePaper(aPaper());
    const { router } = renderAt('/research/Northcote2024-Grad');
    await screen.findByRole('heading', { level: 1, name: GRADIENT_TITLE });
    expect(router.state.location.pathname).toBe('/research/northcote2024-grad');
  });

  it('shows the not-found screen for an unknown key', async () => {
    servePaper(aPaper());
    renderAt('/research/no-such-paper');
    expect(await screen.findByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
  });

  it('is reached from the Research list by its title', async () => {
    servePublications();
    servePaper(aPaper());
    const user = userEvent.setup();
    const { router } = renderAt('/research');
    await user.click(await screen.findByRole('link', { name: GRADIENT_TITLE }));
    await screen.findByRole('heading', { level: 1, name: GRADIENT_TITLE });
    expect(router.state.location.pathname).toBe('/research/northcote2024-grad');
  });
});

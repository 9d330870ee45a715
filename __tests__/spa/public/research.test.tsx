import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { ListedPublication } from '@/contract/publications';

import { serveList, server, url } from '../msw';
import { headingTexts, openAsVisitor } from '../render';
import { aPublication } from './fixtures';

const MATH_TITLE_HTML =
  'Rough volatility under <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>α</mi></mrow></semantics></math></span>-stable jumps';

const servePublications = (publications: ListedPublication[] | (() => Response)) => serveList('/api/publications/', publications);
const openResearch = () => openAsVisitor('/research', 'Research');

describe('the Research page', () => {
  it('lists working papers apart from publications, newest year first, with the owner’s name emphasised', async () => {
    servePublications([
      aPublication({ id: 1, year: 2019 }),
      aPublication({
        id: 2,
        cite_key: 'late',
        title: 'Execution with impact',
        title_text: 'Execution with impact',
        title_html: 'Execution with impact',
        year: 2023,
        authors: ['Jane Doe', 'E. Northcote'],
      }),
      aPublication({
        id: 3,
        cite_key: 'wp',
        title: 'Rough volatility under $\\alpha$-stable jumps',
        title_text: 'Rough volatility under α-stable jumps',
        title_html: MATH_TITLE_HTML,
        year: 2026,
        is_working_paper: true,
        arxiv: '2603.01234',
        doi: '',
      }),
    ]);
    await openResearch();
    const working = await screen.findByRole('region', { name: 'Working papers' });
    // Names read the title as plain text, never its TeX; the title itself is drawn in MathML and leads to the paper's page.
    const paper = within(working).getByRole('article', { name: 'Rough volatility under α-stable jumps' });
    expect(paper.querySelector('h4 math')).not.toBeNull();
    expect(within(paper).getByRole('link', { name: 'Rough volatility under α-stable jumps' })).toHaveAttribute('href', '/research/northcote2019slv');
    expect(within(paper).getByRole('link', { name: 'arXiv of Rough volatility under α-stable jumps' })).toHaveAttribute(
      'href',
      'https://arxiv.org/abs/2603.01234',
    );

    const published = screen.getByRole('region', { name: 'Publications' });
    expect(headingTexts(3, published)).toEqual(['2023', '2019']);
    const late = within(published).getByRole('article', { name: 'Execution with impact' });
    expect(within(late).getByText('E. Northcote').tagName).toBe('STRONG');
    expect(within(late).getByText(/Jane Doe/).tagName).not.toBe('STRONG');
    const early = within(published).getByRole('article', { name: 'Calibrating stochastic-local volatility with jumps' });
    expect(within(early).getByText('Journal of Computational Finance, 2019')).toBeInTheDocument();
    expect(within(early).getByRole('link', { name: /DOI/ })).toHaveAttribute('href', 'https://doi.org/10.21314/JCF.2019.001');
  });

  it('shows the abstract on request, read from the paper once, and links the attached paper', async () => {
    const publication = aPublication({ has_abstract: true, paper_url: '/research/northcote2019slv/paper.pdf', document: 4 });
    servePublications([publication, aPublication({ id: 2, key: 'without', title_text: 'Without an abstract', title_html: 'Without an abstract' })]);
    const asked: string[] = [];
    server.use(
      http.get(url('/api/publications/papers/:key/'), ({ params }) => {
        asked.push(String(params.key));
        return HttpResponse.json({ ...publication, abstract_html: 'We <em>calibrate</em>.' });
      }),
    );
    await openResearch();
    expect(within(await screen.findByRole('article', { name: 'Without an abstract' })).queryByText('Abstract')).toBeNull();
    const entry = screen.getByRole('article', { name: 'Calibrating stochastic-local volatility with jumps' });
    const toggle = within(entry).getByText('Abstract');
    // Before it is opened, and without scripts, the paper's page is where the abstract is.
    expect(within(entry).getByRole('link', { name: 'Read it on the paper’s page' })).toHaveAttribute('href', '/research/northcote2019slv');
    expect(asked).toEqual([]);
    await userEvent.click(toggle);
    expect(await within(entry).findByText('calibrate', { selector: 'em' })).toBeVisible();
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    expect(within(entry).getByText('calibrate', { selector: 'em' })).toBeVisible();
    expect(asked).toEqual(['northcote2019slv']);
    expect(within(entry).getByRole('link', { name: /PDF/ })).toHaveAttribute('href', '/research/northcote2019slv/paper.pdf');
  });

  it('copies the BibTeX with Cite and says so', async () => {
    const publication = aPublication();
    servePublications([publication]);
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await openResearch();
    await user.click(await screen.findByRole('button', { name: `Cite ${publication.title} (copy BibTeX)` }));
    expect(await screen.findByText('BibTeX copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(publication.bibtex);
    writeText.mockRestore();
  });

  it('shows the BibTeX to copy by hand when the browser gives no clipboard', async () => {
    const publication = aPublication();
    servePublications([publication]);
    await openResearch();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await userEvent.click(await screen.findByRole('button', { name: /^Cite / }));
    expect(await screen.findByText('Copy the BibTeX entry below.')).toBeInTheDocument();
    expect(screen.getByText(/@article\{northcote2019slv/)).toBeInTheDocument();
    writeText.mockRestore();
  });

  it('says when there are no publications yet', async () => {
    servePublications([]);
    await openResearch();
    expect(await screen.findByText('No publications yet.')).toBeInTheDocument();
  });

  it('says when the publications could not be loaded', async () => {
    servePublications(() => HttpResponse.json({ detail: 'Server error.' }, { status: 500 }));
    await openResearch();
    expect(await screen.findByText('Failed to load publications.')).toBeInTheDocument();
  });
});

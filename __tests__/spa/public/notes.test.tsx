import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { server, url } from '../msw';
import { renderApp, signedOutState } from '../render';
import { aNote, aNoteList, aNoteSummary, serveNote, serveNoteList } from './noteFixtures';

const renderAt = (route: string) => renderApp({ route, preloadedState: signedOutState });
const notesList = () => screen.findByRole('list', { name: 'Notes' });

describe('notes list', () => {
  it('lists notes newest first with title, date, reading time, summary and tags, and links to the feeds', async () => {
    const asked = serveNoteList(
      aNoteList({
        notes: [aNoteSummary(), aNoteSummary({ slug: 'heston', title: 'Heston in practice', summary: '', tags: [], published_at: '2026-10-02T08:00:00.000Z' })],
        total: 2,
      }),
    );
    renderAt('/notes');
    const items = Array.from((await notesList()).children) as HTMLElement[];
    expect(items).toHaveLength(2);
    const [first, second] = items;
    expect(within(first).getByRole('link', { name: 'The volatility smile' })).toHaveAttribute('href', '/notes/volatility-smile');
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T09:30:00.000Z');
    expect(first).toHaveTextContent('20 Nov 2026 · 6 min read');
    expect(first).toHaveTextContent('Why implied volatility depends on the strike.');
    expect(within(within(first).getByRole('list', { name: 'Tags' })).getByRole('link', { name: 'options' })).toHaveAttribute('href', '/notes/tag/options');
    expect(within(second).getByRole('link', { name: 'Heston in practice' })).toHaveAttribute('href', '/notes/heston');
    expect(within(second).queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Notes', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', '/feed.xml');
    expect(screen.getByRole('link', { name: 'JSON feed' })).toHaveAttribute('href', '/feed.json');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(asked).toEqual(['']);
    expect(document.title).toBe('Notes | Elias Northcote');
  });

  it('offers every tag with its count', async () => {
    serveNoteList(
      aNoteList({
        tags: [
          { tag: 'options', count: 3 },
          { tag: 'volatility', count: 1 },
        ],
      }),
    );
    renderAt('/notes');
    const tags = await screen.findByRole('navigation', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: 'options (3)' })).toHaveAttribute('href', '/notes/tag/options');
    expect(within(tags).getByRole('link', { name: 'volatility (1)' })).toHaveAttribute('href', '/notes/tag/volatility');
    expect(within(tags).queryByRole('link', { name: 'All notes' })).not.toBeInTheDocument();
  });

  it('pages through older notes at /notes/page/N', async () => {
    const user = userEvent.setup();
    const asked = serveNoteList(aNoteList({ page: 1, pages: 3, total: 25 }));
    const { router } = renderAt('/notes');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).queryByRole('link', { name: 'Newer' })).not.toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Older' })).toHaveAttribute('href', '/notes/page/2');

    serveNoteList(aNoteList({ page: 2, pages: 3, total: 25 }));
    await user.click(within(pages).getByRole('link', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes/page/2');
    const second = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(second).getByRole('link', { name: 'Newer' })).toHaveAttribute('href', '/notes');
    expect(within(second).getByRole('link', { name: 'Older' })).toHaveAttribute('href', '/notes/page/3');
    expect(asked).toEqual(['']);
  });

  it('asks for the page the address names', async () => {
    const asked = serveNoteList(aNoteList({ page: 3, pages: 3, total: 25 }));
    renderAt('/notes/page/3');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Newer' })).toHaveAttribute('href', '/notes/page/2');
    expect(within(pages).queryByRole('link', { name: 'Older' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=3']);
  });

  it('shows the notes of one tag, the tag marked, with a way back to all notes and tagged page links', async () => {
    const asked = serveNoteList(aNoteList({ pages: 2, total: 12 }));
    renderAt('/notes/tag/volatility');
    await notesList();
    expect(asked).toEqual(['?tag=volatility']);
    expect(screen.getByText('volatility', { selector: 'strong' }).parentElement).toHaveTextContent('Tagged volatility · All notes');
    const tags = screen.getByRole('navigation', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: 'volatility (1)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tags).getByRole('link', { name: 'All notes' })).toHaveAttribute('href', '/notes');
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Older' })).toHaveAttribute(
      'href',
      '/notes/tag/volatility/page/2',
    );
  });

  it('asks for a page of a tag', async () => {
    const asked = serveNoteList(aNoteList({ page: 2, pages: 2, total: 12 }));
    renderAt('/notes/tag/volatility/page/2');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Newer' })).toHaveAttribute('href', '/notes/tag/volatility');
    expect(asked).toEqual(['?page=2&tag=volatility']);
  });

  it('says so when there are no notes', async () => {
    renderAt('/notes');
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tags' })).not.toBeInTheDocument();
  });

  it('shows the not-found screen for a tag no note carries', async () => {
    server.use(http.get(url('/api/notes/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    renderAt('/notes/tag/bonds');
    expect(await screen.findByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load notes.')).not.toBeInTheDocument();
    expect(document.title).toBe('404 | Elias Northcote');
  });

  it('shows the not-found screen for a page past the end or an address that names no page', async () => {
    serveNoteList(aNoteList({ page: 9, pages: 1, notes: [] }));
    renderAt('/notes/page/9');
    expect(await screen.findByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('404 | Elias Northcote');
  });

  it('keeps the not-found page the server answered at a list’s address, until the visitor moves on', async () => {
    const user = userEvent.setup();
    const asked = serveNoteList(aNoteList());
    // The page as the server sent it: its markup marked as the not-found page.
    window.history.replaceState(null, '', '/notes/tag/volatility');
    const served = Object.assign(document.createElement('div'), { id: 'root' });
    served.setAttribute('data-not-found', '');
    document.body.append(served);
    try {
      const { router } = renderAt('/notes/tag/volatility');
      expect(await screen.findByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Notes' })).not.toBeInTheDocument();
      expect(asked).toEqual([]);
      await user.click(screen.getByRole('link', { name: 'Back to Home Page' }));
      expect(await screen.findByRole('heading', { name: 'Elias Northcote', level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    } finally {
      served.remove();
      window.history.replaceState(null, '', '/');
    }
  });

  it.each(['/notes/page/0', '/notes/page/two', '/notes/tag/Not%20a%20tag'])(
    'answers %s with the not-found screen, without asking the server',
    async (address) => {
      const asked = serveNoteList(aNoteList());
      renderAt(address);
      expect(await screen.findByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
      expect(asked).toEqual([]);
    },
  );
});

describe('a note', () => {
  it('shows the title, dates, reading time, tags and the body the server rendered', async () => {
    serveNote(aNote({ revised_at: '2026-12-01T10:00:00.000Z' }));
    renderAt('/notes/volatility-smile');
    expect(await screen.findByRole('heading', { name: 'The volatility smile', level: 1 })).toBeInTheDocument();
    const article = screen.getByRole('article');
    const [published, updated] = Array.from(article.querySelectorAll('header time'));
    expect(published).toHaveAttribute('datetime', '2026-11-20T09:30:00.000Z');
    expect(updated).toHaveAttribute('datetime', '2026-12-01T10:00:00.000Z');
    expect(within(article).getByText(/min read/)).toHaveTextContent('20 Nov 2026 · Updated 1 Dec 2026 · 6 min read');
    expect(within(within(article).getByRole('list', { name: 'Tags' })).getByRole('link', { name: 'volatility' })).toHaveAttribute(
      'href',
      '/notes/tag/volatility',
    );
    expect(within(article).getByText('σ(K)', { selector: 'code' })).toBeInTheDocument();
    expect(article.querySelector('.math-display math')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'More notes' })).not.toBeInTheDocument();
    expect(document.title).toBe('The volatility smile | Elias Northcote');
  });

  it('leaves out the updated date of a note never revised, and shows its cover picture', async () => {
    const cover = {
      id: 4,
      alt: 'A volatility surface',
      src: '/media/large/4.webp',
      srcset: '/media/thumb/4.webp 400w, /media/large/4.webp 1600w',
      width: 1600,
      height: 900,
    };
    serveNote(aNote({ cover }));
    renderAt('/notes/volatility-smile');
    const picture = await screen.findByRole('img', { name: 'A volatility surface' });
    expect(picture).toHaveAttribute('src', cover.src);
    expect(picture).toHaveAttribute('srcset', cover.srcset);
    expect(picture).toHaveAttribute('sizes');
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).toHaveAttribute('height', '900');
    expect(screen.queryByText(/Updated/)).not.toBeInTheDocument();
  });

  it('links to the notes before and after it', async () => {
    serveNote(aNote({ previous: { slug: 'heston', title: 'Heston in practice' }, next: { slug: 'sabr', title: 'SABR, briefly' } }));
    renderAt('/notes/volatility-smile');
    const more = await screen.findByRole('navigation', { name: 'More notes' });
    expect(within(more).getByRole('link', { name: 'Previous Heston in practice' })).toHaveAttribute('href', '/notes/heston');
    expect(within(more).getByRole('link', { name: 'Next SABR, briefly' })).toHaveAttribute('href', '/notes/sabr');
  });

  it('gives a long note a table of contents, folded until opened, leading to its sections and subsections', async () => {
    const user = userEvent.setup();
    serveNote(
      aNote({
        html: [
          '<h2 id="user-content-setup">Setup</h2><p>Text.</p>',
          '<h3 id="user-content-data--method">Data &#x26; method</h3>',
          '<h2 id="user-content-smile-in-sigma">Smile in <span class="katex"><math><mi>σ</mi></math></span></h2>',
          '<h2 id="user-content-results">Results</h2>',
        ].join(''),
        outline: [
          { id: 'user-content-setup', level: 2, text: 'Setup' },
          { id: 'user-content-data--method', level: 3, text: 'Data & method' },
          { id: 'user-content-smile-in-sigma', level: 2, text: 'Smile in σ' },
          { id: 'user-content-results', level: 2, text: 'Results' },
        ],
      }),
    );
    renderAt('/notes/volatility-smile');
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const disclosure = contents.querySelector('details');
    expect(disclosure).not.toHaveAttribute('open');
    await user.click(within(contents).getByText('Contents', { selector: 'summary' }));
    expect(disclosure).toHaveAttribute('open');
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Setup', '#user-content-setup'],
      ['Data & method', '#user-content-data--method'],
      ['Smile in σ', '#user-content-smile-in-sigma'],
      ['Results', '#user-content-results'],
    ]);
    // The subsection is listed under its section.
    expect(within(links[0].closest('li') as HTMLElement).getByRole('link', { name: 'Data & method' })).toBe(links[1]);
    for (const link of links) expect(document.getElementById((link.getAttribute('href') ?? '').slice(1))).toBeInstanceOf(HTMLHeadingElement);
  });

  it('leaves out the table of contents of a note with few sections', async () => {
    serveNote(
      aNote({
        html: '<h2 id="user-content-a">A</h2><p>Text.</p><h2 id="user-content-b">B</h2>',
        outline: [
          { id: 'user-content-a', level: 2, text: 'A' },
          { id: 'user-content-b', level: 2, text: 'B' },
        ],
      }),
    );
    renderAt('/notes/volatility-smile');
    expect(await screen.findByRole('heading', { name: 'A', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Contents' })).not.toBeInTheDocument();
  });

  it('moves a note asked for under an earlier address to its own', async () => {
    serveNote(aNote(), ['smile']);
    const { router } = renderAt('/notes/smile');
    expect(await screen.findByRole('heading', { name: 'The volatility smile', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes/volatility-smile');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the not-found screen for a note that does not exist', async () => {
    serveNote(aNote());
    renderAt('/notes/no-such-note');
    expect(await screen.findByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home Page' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('404 | Elias Northcote');
  });
});

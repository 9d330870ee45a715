import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { DownloadStats } from '@/contract/media';

import { server, url } from '../msw';
import { aStaffUser, aUser, renderApp, signedInAs } from '../render';

const WEEKS = [
  '2026-08-31',
  '2026-09-07',
  '2026-09-14',
  '2026-09-21',
  '2026-09-28',
  '2026-10-05',
  '2026-10-12',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
];
const noDownloads: DownloadStats = { weeks: WEEKS, documents: [] };
const answerDownloads = (stats: DownloadStats) => server.use(http.get(url('/api/documents/downloads/'), () => HttpResponse.json(stats)));

describe('staff dashboard', () => {
  beforeEach(() => answerDownloads(noDownloads));

  it('greets staff by first name and offers documents, photos and the administration backend', async () => {
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser({ first_name: 'Grace' })) });
    expect(await screen.findByRole('heading', { level: 1, name: /Grace/ })).toBeInTheDocument();

    const documents = screen.getByRole('region', { name: 'Manage My Documents' });
    expect(within(documents).getByRole('link')).toHaveAttribute('href', '/documents');
    const photos = screen.getByRole('region', { name: 'Manage My Photos' });
    expect(within(photos).getByRole('link')).toHaveAttribute('href', '/photos');
    const admin = screen.getByRole('region', { name: 'Backend Administration' });
    expect(within(admin).getByRole('link')).toHaveAttribute('href', '/admin');
  });

  it('greets by email when there is no first name', async () => {
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser({ first_name: '', email: 'staff@example.com' })) });
    expect(await screen.findByRole('heading', { level: 1, name: /staff@example\.com/ })).toBeInTheDocument();
  });

  it('is not shown to signed-in non-staff, who are sent home', async () => {
    // The home page asks for its banner pictures.
    server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json([])));
    const { router } = renderApp({ route: '/dashboard', preloadedState: signedInAs(aUser()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Manage My Documents')).not.toBeInTheDocument();
  });

  describe('downloads', () => {
    const openDashboard = () => renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser()) });

    it('shows each downloaded document with its total and a bar per week that a screen reader can read', async () => {
      answerDownloads({
        weeks: WEEKS,
        documents: [
          { id: 4, name: 'Curriculum Vitae', category_name: 'CV', is_current: true, counts: [...Array<number>(10).fill(0), 2, 5], total: 7 },
          { id: 9, name: 'Rough volatility (paper)', category_name: 'Papers', is_current: false, counts: [1, ...Array<number>(11).fill(0)], total: 1 },
        ],
      });
      openDashboard();
      const cv = await screen.findByRole('listitem', { name: 'Curriculum Vitae' });
      expect(within(cv).getByText('CV · current · 7 downloads in 12 weeks')).toBeInTheDocument();
      const weeks = within(cv).getByRole('list', { name: 'Downloads of Curriculum Vitae per week' });
      expect(within(weeks).getAllByRole('listitem')).toHaveLength(12);
      expect(within(weeks).getByText('Week of 16 Nov: 5 downloads')).toBeInTheDocument();
      expect(within(weeks).getByText('Week of 9 Nov: 2 downloads')).toBeInTheDocument();
      const paper = screen.getByRole('listitem', { name: 'Rough volatility (paper)' });
      expect(within(paper).getByText('Papers · 1 download in 12 weeks')).toBeInTheDocument();
      expect(within(paper).getByText('Week of 31 Aug: 1 download')).toBeInTheDocument();
    });

    it("shows a note's notebook downloaded beside the documents, even when no document was", async () => {
      answerDownloads({
        weeks: WEEKS,
        documents: [],
        notebooks: [{ id: 4, title: 'Momentum in equities', counts: [...Array<number>(11).fill(0), 3], total: 3 }],
      });
      openDashboard();
      const notebook = await screen.findByRole('listitem', { name: 'Momentum in equities' });
      expect(within(notebook).getByText('notebook of the note · 3 downloads in 12 weeks')).toBeInTheDocument();
      expect(within(notebook).getByText('Week of 16 Nov: 3 downloads')).toBeInTheDocument();
    });

    it('says so when nobody has downloaded anything yet', async () => {
      openDashboard();
      expect(await screen.findByText('No downloads yet.')).toBeInTheDocument();
    });

    it('says the counts could not be loaded, and loads them on a second try', async () => {
      server.use(http.get(url('/api/documents/downloads/'), () => HttpResponse.json({ detail: 'Server error.' }, { status: 500 }), { once: true }));
      openDashboard();
      expect(await screen.findByText(/Failed to load the download counts\./)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'try again' }));
      expect(await screen.findByText('No downloads yet.')).toBeInTheDocument();
    });
  });
});

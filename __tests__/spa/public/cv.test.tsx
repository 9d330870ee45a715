import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { seedContent } from '../../../server/src/content/seed';
import { server, url } from '../msw';
import { headingTexts, openAsVisitor, renderApp, signedOutState } from '../render';
import { currentCv } from './fixtures';

const FAILURE = 'Failed to load current CV. Please try again later or contact for details.';

function serveCurrentCv(answer: () => Response | Promise<Response>) {
  const calls: string[] = [];
  server.use(
    http.get(url('/api/documents/documents/current_cv/'), async ({ request }) => {
      calls.push(request.url);
      return answer();
    }),
  );
  return calls;
}

const renderCv = () => openAsVisitor('/cv', 'Curriculum Vitae');

describe('CV download button', () => {
  it('shows Loading CV while the current CV is requested', async () => {
    serveCurrentCv(async () => {
      await delay(50);
      return HttpResponse.json(currentCv());
    });
    await renderCv();
    expect(screen.getByRole('button', { name: 'Loading CV' })).toBeDisabled();
    expect(await screen.findByRole('link', { name: 'Download CV (Current)' })).toBeInTheDocument();
  });

  it('links to the current CV for download', async () => {
    const calls = serveCurrentCv(() => HttpResponse.json(currentCv()));
    await renderCv();
    const link = await screen.findByRole('link', { name: 'Download CV (Current)' });
    expect(link).toHaveAttribute('href', '/api/documents/documents/7/download/');
    expect(link).toHaveAttribute('download');
    expect(calls).toHaveLength(1);
  });

  it('says No Current CV Found when the server has none (404)', async () => {
    serveCurrentCv(() => HttpResponse.json({ detail: 'Not found.' }, { status: 404 }));
    await renderCv();
    expect(await screen.findByRole('button', { name: 'No Current CV Found' })).toBeDisabled();
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
  });

  it('says No Current CV Found when the document has no download address', async () => {
    serveCurrentCv(() => HttpResponse.json(currentCv({ download_url: '' })));
    await renderCv();
    expect(await screen.findByRole('button', { name: 'No Current CV Found' })).toBeDisabled();
  });

  it('says CV Unavailable with the failure text when the request fails', async () => {
    serveCurrentCv(() => HttpResponse.json({ detail: 'Server error.' }, { status: 500 }));
    await renderCv();
    expect(await screen.findByRole('button', { name: 'CV Unavailable' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
  });

  it('says CV Unavailable when the network is down', async () => {
    serveCurrentCv(() => HttpResponse.error());
    await renderCv();
    expect(await screen.findByRole('button', { name: 'CV Unavailable' })).toBeDisabled();
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
  });
});

describe('CV page', () => {
  beforeEach(() => serveCurrentCv(() => HttpResponse.json(currentCv())));

  it('of an owner who started empty: their email from the identity, and no heading over an empty list', async () => {
    const cv = { ...seedContent.cv, education: [], experience: [], skills: [], languages: [], nationality: '', additional: [] };
    renderApp({ route: '/cv', preloadedState: signedOutState, siteContent: { ...seedContent, email: 'ada@example.org', profiles: [], cv } });
    await screen.findByRole('heading', { name: 'Curriculum Vitae', level: 1 });
    expect(headingTexts(2)).toEqual(['Contact', 'Links']);
    for (const link of screen.getAllByRole('link', { name: 'ada@example.org' })) expect(link).toHaveAttribute('href', 'mailto:ada@example.org');
    // Without a LinkedIn profile, the lines that would show it are left out.
    expect(screen.queryByText(/linkedin/i)).not.toBeInTheDocument();
    await screen.findByRole('link', { name: 'Download CV (Current)' });
  });

  it('lists education, experience, skills, languages, nationality, links and additional information', async () => {
    await renderCv();
    const sections = headingTexts(2);
    expect(sections).toEqual(
      expect.arrayContaining(['Contact', 'Education', 'Experience', 'Skills', 'Languages', 'Nationality', 'Links', 'Additional Information']),
    );
    expect(screen.getByRole('heading', { name: 'PhD in Financial Mathematics', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Senior Quantitative Researcher', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('British')).toBeInTheDocument();
    expect(document.title).toBe('CV | Elias Northcote');
    await screen.findByRole('link', { name: 'Download CV (Current)' });
  });

  it('keeps each period whole: it moves to the next line rather than breaking at its dash', async () => {
    await renderCv();
    for (const entry of [...seedContent.cv.experience, ...seedContent.cv.education]) {
      const period = screen.getByText(entry.period);
      expect(period.tagName).toBe('SPAN');
      expect(period.parentElement).toHaveTextContent(`${entry.place} · ${entry.period}`);
      expect(getComputedStyle(period).display).toBe('inline-block');
    }
    await screen.findByRole('link', { name: 'Download CV (Current)' });
  });

  it('offers Ask for More Information as an email with a preset subject', async () => {
    await renderCv();
    const ask = screen.getByRole('link', { name: 'Ask for More Information' });
    const href = new URL(ask.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('contact@eliasnorthcote.com');
    expect(href.searchParams.get('subject')).toBe('CV enquiry — Elias Northcote');
    await screen.findByRole('link', { name: 'Download CV (Current)' });
  });
});

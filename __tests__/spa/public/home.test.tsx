import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { preloadScreens } from '@/app/routes';
import type { SelectedPaper } from '@/contract/publications';
import { FadeIn } from '@/features/home/FadeIn';

import { seedContent } from '../../../server/src/content/seed';
import { server, url } from '../msw';
import { headingTexts, renderApp, signedOutState } from '../render';
import { bannerImage, serveBannerImages } from './fixtures';
import { aNoteList, aNoteSummary, serveNoteList } from './noteFixtures';

/** The home screen is loaded before it renders, as the browser loads it before hydrating the server's page. */
const renderHome = async () => {
  await preloadScreens('/');
  return renderApp({ route: '/', preloadedState: signedOutState });
};
const initials = () => screen.findByRole('img', { name: 'Elias Northcote' });

describe('home page', () => {
  it('shows the hero with the tagline and the four interest sections with quote and source', async () => {
    serveBannerImages([]);
    await renderHome();
    expect(screen.getByRole('heading', { name: 'Elias Northcote', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(seedContent.tagline)).toBeInTheDocument();
    // The first second-level heading is the typewriter; the interest sections follow in order.
    const titles = headingTexts(2);
    expect(titles.slice(1)).toEqual(['Quantitative Research', 'Advanced Financial Modelling', 'Academic Foundations', 'Investment Strategy']);
    for (const interest of seedContent.interests) {
      const section = screen.getByRole('region', { name: interest.title });
      expect(section).toHaveTextContent(interest.quote);
      expect(section).toHaveTextContent(interest.source);
      expect(section).toHaveTextContent(interest.description);
    }
    expect(screen.getByText('“All models are wrong but some are useful.”')).toBeInTheDocument();
    expect(document.title).toBe('Elias Northcote');
    await initials();
  });

  it('shows the latest news under the introduction, newest first, with the date and a link when there is one', async () => {
    serveBannerImages([]);
    const asked: string[] = [];
    server.use(
      http.get(url('/api/news/'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([
          {
            id: 2,
            date: '2026-11-20',
            text: 'Paper accepted at the *Journal of Finance*.',
            html: 'Paper accepted at the <em>Journal of Finance</em>.',
            link: 'https://doi.org/10.1111/jofi.1',
          },
          {
            id: 1,
            date: '2026-10-02',
            text: 'Talk on [rough paths](/research/x2).',
            html: 'Talk on <a href="/research/x2">rough paths</a>.',
            link: '/talks',
          },
        ]);
      }),
    );
    await renderHome();
    const news = await screen.findByRole('region', { name: 'News' });
    const items = Array.from(news.querySelectorAll('li'));
    expect(items.map((item) => item.textContent)).toEqual([
      '20 Nov 2026Paper accepted at the Journal of Finance. More about the news of 20 Nov 2026',
      '2 Oct 2026Talk on rough paths. More about the news of 2 Oct 2026',
    ]);
    expect(items[0].querySelector('em')).toHaveTextContent('Journal of Finance');
    expect(screen.getByRole('link', { name: 'More about the news of 20 Nov 2026' })).toHaveAttribute('href', 'https://doi.org/10.1111/jofi.1');
    expect(screen.getByRole('link', { name: 'More about the news of 2 Oct 2026' })).toHaveAttribute('href', '/talks');
    expect(within(items[1]).getByRole('link', { name: 'rough paths' })).toHaveAttribute('href', '/research/x2');
    expect(news.querySelector('time')).toHaveAttribute('datetime', '2026-11-20');
    expect(within(news).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
    expect(asked).toEqual(['?limit=5']);
    await initials();
  });

  it('shows the latest notes under the introduction, each linking to its page, with a link to all notes', async () => {
    serveBannerImages([]);
    const asked = serveNoteList(
      aNoteList({
        notes: [aNoteSummary(), aNoteSummary({ slug: 'heston', title: 'Heston in practice', summary: '', published_at: '2026-10-02T08:00:00.000Z' })],
      }),
    );
    await renderHome();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(Array.from(notes.querySelectorAll('li')).map((item) => item.textContent)).toEqual([
      '20 Nov 2026The volatility smileWhy implied volatility depends on the strike.',
      '2 Oct 2026Heston in practice',
    ]);
    expect(within(notes).getByRole('link', { name: 'The volatility smile' })).toHaveAttribute('href', '/notes/volatility-smile');
    expect(within(notes).getByRole('link', { name: 'All notes' })).toHaveAttribute('href', '/notes');
    expect(asked).toEqual(['?limit=3']);
    await initials();
  });

  it('shows the selected papers under the introduction, each linking to its page with its mathematics drawn, and a link to all research', async () => {
    serveBannerImages([]);
    const math = '<math><mi>α</mi></math>';
    const papers: SelectedPaper[] = [
      {
        id: 2,
        key: 'northcote2024rough',
        title_html: `Pricing under ${math}-stable processes`,
        title_text: 'Pricing under α-stable processes',
        authors: ['Elias Northcote', 'Jane Doe'],
        venue: 'arXiv preprint arXiv:2403.01234',
        year: 2024,
      },
      {
        id: 1,
        key: 'big-team',
        title_html: 'A long author list',
        title_text: 'A long author list',
        authors: ['A One', 'B Two', 'C Three', 'D Four'],
        venue: '',
        year: null,
      },
    ];
    server.use(http.get(url('/api/publications/selected/'), () => HttpResponse.json(papers)));
    await renderHome();
    const section = await screen.findByRole('region', { name: 'Selected papers' });
    // Right under the introduction, before the news and notes.
    expect(section.previousElementSibling).toContainElement(screen.getByRole('heading', { name: 'Elias Northcote', level: 1 }));
    const pricing = within(section).getByRole('link', { name: 'Pricing under α-stable processes' });
    expect(pricing).toHaveAttribute('href', '/research/northcote2024rough');
    expect(pricing.querySelector('math')).not.toBeNull();
    // The year in the date column, as news and notes have their dates; the authors and venue in short below the title.
    expect(Array.from(section.querySelectorAll('time')).map((year) => [year.getAttribute('datetime'), year.textContent])).toEqual([['2024', '2024']]);
    expect(Array.from(section.querySelectorAll('li p')).map((line) => line.textContent)).toEqual([
      'Elias Northcote, Jane Doe · arXiv preprint arXiv:2403.01234',
      'A One et al.',
    ]);
    expect(within(section).getByRole('link', { name: 'All research' })).toHaveAttribute('href', '/research');
    await initials();
  });

  it.each(['News', 'Notes', 'Selected papers'])('shows no %s section on a site with none', async (section) => {
    serveBannerImages([]);
    await renderHome();
    await initials();
    expect(screen.queryByRole('region', { name: section })).not.toBeInTheDocument();
  });

  it('gives screen readers the three typewriter phrases as text', async () => {
    serveBannerImages([]);
    await renderHome();
    expect(screen.getByRole('heading', { level: 2, name: 'Quantitative Researcher, Derivatives Pricing & Risk, Statistical Arbitrage' })).toBeInTheDocument();
    await initials();
  });
});

describe('banner', () => {
  it('asks for the page-logos gallery and pulses while loading', async () => {
    const requests = serveBannerImages([bannerImage(1)], 50);
    await renderHome();
    expect(screen.getByRole('status')).toHaveTextContent('Loading banner images...');
    expect(await screen.findByRole('img', { name: 'Picture 1' })).toBeInTheDocument();
    expect(requests.map((request) => request.searchParams.get('gallery_slug'))).toEqual(['page-logos']);
  });

  it('shows the banner rendition at display size, never the original', async () => {
    serveBannerImages([bannerImage(1)]);
    await renderHome();
    const image = await screen.findByRole('img', { name: 'Picture 1' });
    expect(image).toHaveAttribute('src', '/media/banner/1.webp');
    expect(image).toHaveAttribute('width', '224');
    expect(image).toHaveAttribute('height', '224');
  });

  /** The home page with three banner pictures, the first shown; answers a person and the button that shows the next. */
  async function threePictures() {
    const user = userEvent.setup();
    serveBannerImages([bannerImage(1), bannerImage(2), bannerImage(3)]);
    await renderHome();
    await screen.findByRole('img', { name: 'Picture 1' });
    return { user, next: screen.getByRole('button', { name: 'Show the next picture' }) };
  }

  it('moves to the next picture on hover and on click, wrapping around', async () => {
    const { user, next } = await threePictures();

    const now = jest.spyOn(Date, 'now').mockReturnValue(10_000);
    await user.hover(next);
    expect(screen.getByRole('img', { name: 'Picture 2' })).toBeInTheDocument();
    now.mockReturnValue(11_000);
    await user.click(next);
    expect(screen.getByRole('img', { name: 'Picture 3' })).toBeInTheDocument();
    now.mockRestore();
    await user.unhover(next);
    await user.hover(next);
    expect(screen.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', '/media/banner/1.webp');
  });

  it('moves on once when the mouse comes onto the picture and clicks it', async () => {
    const { user, next } = await threePictures();
    await user.click(next);
    expect(screen.getByRole('img', { name: 'Picture 2' })).toBeInTheDocument();
  });

  it('moves on once per tap on touch screens and per key press', async () => {
    const { user, next } = await threePictures();

    await user.pointer({ keys: '[TouchA]', target: next });
    expect(screen.getByRole('img', { name: 'Picture 2' })).toBeInTheDocument();
    next.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('img', { name: 'Picture 3' })).toBeInTheDocument();
  });

  it('shows a single picture without a next button', async () => {
    serveBannerImages([bannerImage(1, '')]);
    await renderHome();
    expect(await screen.findByRole('img', { name: 'Elias Northcote' })).toHaveAttribute('src', '/media/banner/1.webp');
    expect(screen.queryByRole('button', { name: 'Show the next picture' })).not.toBeInTheDocument();
  });

  it('shows the initials when the gallery has no pictures', async () => {
    serveBannerImages([]);
    await renderHome();
    expect(await initials()).toHaveTextContent('EN');
    expect(screen.queryByText('Failed to load banner images.')).not.toBeInTheDocument();
  });

  it('shows the initials and a message when the pictures cannot be loaded', async () => {
    server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json({ detail: 'Server error.' }, { status: 500 })));
    await renderHome();
    expect(await screen.findByText('Failed to load banner images.')).toBeInTheDocument();
    expect(await initials()).toHaveTextContent('EN');
  });

  it('shows the initials when a picture fails to display', async () => {
    serveBannerImages([bannerImage(1), bannerImage(2)]);
    await renderHome();
    fireEvent.error(await screen.findByRole('img', { name: 'Picture 1' }));
    expect(await initials()).toHaveTextContent('EN');
    expect(screen.queryByText('Failed to load banner images.')).not.toBeInTheDocument();
  });

  it('shows the initials for a picture that failed before the page came alive (its error event unheard)', async () => {
    const complete = jest.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    serveBannerImages([bannerImage(1), bannerImage(2)]);
    await renderHome();
    expect(await initials()).toHaveTextContent('EN');
    complete.mockRestore();
  });

  it('draws the initials over a broken picture before any script runs, its alt text out of sight', async () => {
    serveBannerImages([bannerImage(1)]);
    await renderHome();
    const picture = await screen.findByRole('img', { name: 'Picture 1' });
    expect(picture).toHaveAttribute('data-initials', 'EN');
    const rules = Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n');
    expect(rules).toMatch(/img::after\{content:attr\(data-initials\);position:absolute;inset:0;/);
    expect(getComputedStyle(picture).color).toBe('rgba(0, 0, 0, 0)');
  });

  it('describes a picture by its description when it has one, by its title otherwise', async () => {
    serveBannerImages([{ ...bannerImage(1, 'Logo - logo-green.jpg'), description: 'The green logo' }, bannerImage(2, 'Logo - logo-blue.jpg')]);
    await renderHome();
    expect(await screen.findByRole('img', { name: 'The green logo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the next picture' }));
    expect(screen.getByRole('img', { name: 'Logo - logo-blue.jpg' })).toBeInTheDocument();
  });
});

describe('fade-in', () => {
  const original = window.IntersectionObserver;
  afterEach(() => {
    window.IntersectionObserver = original;
  });

  const renderFadeIn = () =>
    render(
      <FadeIn>
        <p>Section</p>
      </FadeIn>,
    );

  it('shows content at once when the browser has no IntersectionObserver', () => {
    renderFadeIn();
    expect(screen.getByText('Section').parentElement).toHaveAttribute('data-shown', 'true');
  });

  function observeWith(notify: { current: (entries: Partial<IntersectionObserverEntry>[]) => void }, disconnect: jest.Mock) {
    window.IntersectionObserver = jest.fn((callback: (entries: Partial<IntersectionObserverEntry>[]) => void) => {
      notify.current = callback;
      return { observe: jest.fn(), disconnect };
    }) as unknown as typeof IntersectionObserver;
  }

  it('leaves content that is already in view as it was sent (no flash after server rendering)', () => {
    const notify = { current: (_entries: Partial<IntersectionObserverEntry>[]) => undefined as void };
    const disconnect = jest.fn();
    observeWith(notify, disconnect);
    renderFadeIn();
    act(() => notify.current([{ isIntersecting: true }]));
    const wrapper = screen.getByText('Section').parentElement;
    expect(wrapper).toHaveAttribute('data-shown', 'true');
    expect(wrapper).toHaveStyle({ opacity: '1' });
    expect(disconnect).toHaveBeenCalled();
  });

  it('hides content below the fold and reveals it when it scrolls into view, over 500 ms after 50 ms', () => {
    const notify = { current: (_entries: Partial<IntersectionObserverEntry>[]) => undefined as void };
    const disconnect = jest.fn();
    observeWith(notify, disconnect);
    renderFadeIn();
    const wrapper = screen.getByText('Section').parentElement;
    // Shown as sent until the observer first reports it out of view.
    expect(wrapper).toHaveAttribute('data-shown', 'true');
    act(() => notify.current([{ isIntersecting: false }]));
    expect(wrapper).toHaveAttribute('data-shown', 'false');
    expect(wrapper).toHaveStyle({ opacity: '0' });

    act(() => notify.current([{ isIntersecting: false }]));
    expect(wrapper).toHaveAttribute('data-shown', 'false');
    act(() => notify.current([{ isIntersecting: true }]));
    expect(wrapper).toHaveAttribute('data-shown', 'true');
    expect(getComputedStyle(wrapper as Element).transition).toContain('opacity 500ms ease-out 50ms');
    expect(disconnect).toHaveBeenCalled();
  });
});

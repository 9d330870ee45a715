import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { seedContent } from '../../../server/src/content/seed';
import { renderApp, signedOutState } from '../render';
import { serveBannerImages } from './fixtures';

describe('On the Web', () => {
  it('links to LinkedIn in a new tab and shows five disabled Coming Soon cards', async () => {
    renderApp({ route: '/on-the-web', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { name: 'On the Web', level: 1 })).toBeInTheDocument();

    const linkedIn = within(screen.getByRole('article', { name: 'LinkedIn' })).getByRole('link', { name: /Visit Page/ });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/in/elias-northcote');
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(linkedIn.getAttribute('rel')).toContain('noopener');

    for (const name of ['Publications', 'Code', 'Video Channel', 'Articles', 'Blog']) {
      expect(within(screen.getByRole('article', { name })).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    }
    expect(screen.getAllByRole('button', { name: 'Coming Soon' })).toHaveLength(5);
    expect(document.title).toBe('On the Web | Elias Northcote');
  });
});

describe('On the Web cards pointing inside the site', () => {
  it('open the page here, in the same tab', async () => {
    const content = { ...seedContent, on_the_web: seedContent.on_the_web.map((card) => (card.title === 'Blog' ? { ...card, href: '/notes' } : card)) };
    renderApp({ route: '/on-the-web', preloadedState: signedOutState, siteContent: content });
    const blog = within(await screen.findByRole('article', { name: 'Blog' })).getByRole('link', { name: 'Visit Page' });
    expect(blog).toHaveAttribute('href', '/notes');
    expect(blog).not.toHaveAttribute('target');
    expect(screen.getAllByRole('button', { name: 'Coming Soon' })).toHaveLength(4);
  });
});

describe('About', () => {
  it('shows the biography, and beside it the owner’s profiles elsewhere marked rel="me"', async () => {
    renderApp({ route: '/about', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { name: 'About', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^I am a quantitative researcher based in London\./)).toBeInTheDocument();
    expect(document.title).toBe('About | Elias Northcote');
    const elsewhere = screen.getByRole('complementary', { name: 'Elsewhere' });
    const linkedIn = within(elsewhere).getByRole('link', { name: 'LinkedIn' });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/in/elias-northcote');
    expect(linkedIn).toHaveAttribute('rel', 'me');
    expect(within(elsewhere).getByRole('link', { name: 'contact@eliasnorthcote.com' })).toHaveAttribute('href', 'mailto:contact@eliasnorthcote.com');
  });

  it('links the same profiles from every page’s footer', async () => {
    renderApp({ route: '/about', preloadedState: signedOutState });
    const profiles = await screen.findByRole('navigation', { name: 'Profiles elsewhere' });
    expect(within(profiles).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('rel', 'me');
    expect(within(profiles).queryByRole('link', { name: 'Email' })).not.toBeInTheDocument();
  });
});

describe('not-found screen', () => {
  it('shows its heading, text and way home outside the shared layout, with the 404 title', async () => {
    renderApp({ route: '/no/such/page', preloadedState: signedOutState });
    expect(screen.getByRole('heading', { name: 'Bee Error?', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('.. ops it seems this page cannot be found ..')).toBeInTheDocument();
    expect(screen.getByText('We can’t seem to find the page you are looking for!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home Page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Northcote Quantitative Research Ltd`);
    expect(document.title).toBe('404 | Elias Northcote');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('leads back to the home page', async () => {
    const user = userEvent.setup();
    serveBannerImages([]);
    const { router } = renderApp({ route: '/missing', preloadedState: signedOutState });
    await user.click(screen.getByRole('link', { name: 'Back to Home Page' }));
    expect(await screen.findByRole('heading', { name: 'Elias Northcote', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

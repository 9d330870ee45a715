import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

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

describe('About', () => {
  it('shows the biography', async () => {
    renderApp({ route: '/about', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { name: 'About', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^I am a quantitative researcher based in London\./)).toBeInTheDocument();
    expect(document.title).toBe('About | Elias Northcote');
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

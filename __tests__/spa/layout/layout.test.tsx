import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { server, url } from '../msw';
import { serveBannerImages } from '../public/fixtures';
import { aStaffUser, aUser, fakeJwt, renderApp, signedInAs, signedOutState, slowSessionCheck } from '../render';
import { jsonBody, serveWrite } from '../writes';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('top bar', () => {
  it('shows the site links, Login and Register to signed-out visitors', async () => {
    renderApp({ route: '/about', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { name: 'About', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Elias Northcote' })).toHaveAttribute('href', '/');
    expect(linkNames(mainNav())).toEqual(['Home', 'CV', 'Research', 'Notes', 'On the Web', 'About']);
    expect(within(mainNav()).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Notes' })).toHaveAttribute('href', '/notes');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows Loading while the session check runs', async () => {
    slowSessionCheck(50);
    renderApp({ route: '/about' });
    // The closed phone menu holds its own copy of the account area.
    const outsidePhoneMenu = { ignore: '#mobile-menu *, script, style' };
    expect(await screen.findByText('Loading', outsidePhoneMenu)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.queryByText('Loading', outsidePhoneMenu)).not.toBeInTheDocument();
  });

  it('gives signed-in users their first name with Profile and Sign Out, and no staff links', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedInAs(aUser()) });
    const toggle = await screen.findByRole('button', { name: 'Ada' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Backend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('falls back to the email when the user has no first name', async () => {
    renderApp({ route: '/about', preloadedState: signedInAs(aUser({ first_name: '' })) });
    expect(await screen.findByRole('button', { name: 'ada@example.com' })).toBeInTheDocument();
  });

  it('adds Dashboard and the admin backend link for staff', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedInAs(aStaffUser()) });
    await user.click(await screen.findByRole('button', { name: 'Ada' }));
    expect(linkNames(mainNav())).toEqual(['Home', 'CV', 'Research', 'Notes', 'On the Web', 'About', 'Dashboard']);
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Admin Backend' })).toHaveAttribute('href', '/admin');
  });

  it('signs out through the dropdown: logout runs and the visitor lands on the home page', async () => {
    const user = userEvent.setup();
    localStorage.setItem('access', fakeJwt(600));
    localStorage.setItem('refresh', 'refresh-token');
    const revoked = serveWrite('post', '/api/users/logout/', jsonBody, () => new HttpResponse(null, { status: 204 }));
    let contentFetches = 0;
    server.use(
      http.get(url('/api/site-content/'), () => {
        contentFetches += 1;
        return HttpResponse.json({});
      }),
    );
    serveBannerImages([]);
    const { router } = renderApp({ route: '/about', preloadedState: signedInAs(aUser()) });
    await user.click(await screen.findByRole('button', { name: 'Ada' }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(revoked).toEqual([{ refresh: 'refresh-token' }]);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    // The site's words are the same for everyone: kept through the sign-out, never blanked or fetched again.
    expect(contentFetches).toBe(0);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('signs out from a guarded page straight to the home page, never through the sign-in screen', async () => {
    const user = userEvent.setup();
    localStorage.setItem('access', fakeJwt(600));
    localStorage.setItem('refresh', 'refresh-token');
    const seen: string[] = [];
    server.use(
      http.post(url('/api/users/logout/'), () => new HttpResponse(null, { status: 204 })),
      http.get(url('/api/users/profile/'), () => HttpResponse.json(aUser())),
      http.get(url('/api/users/sessions/'), () => HttpResponse.json([])),
    );
    serveBannerImages([]);
    const { router } = renderApp({ route: '/profile', preloadedState: signedInAs(aUser()) });
    await screen.findByRole('heading', { name: 'Your profile' });
    const watch = setInterval(() => seen.push(router.state.location.pathname), 1);
    await user.click(screen.getByRole('button', { name: 'Ada' }));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('link', { name: 'Login' });
    clearInterval(watch);
    expect(seen).not.toContain('/signin');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('works from the keyboard: Enter opens the dropdown, Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedInAs(aUser()) });
    const toggle = await screen.findByRole('button', { name: 'Ada' });
    toggle.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes the dropdown on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedInAs(aUser()) });
    await user.click(await screen.findByRole('button', { name: 'Ada' }));
    await user.click(screen.getByRole('heading', { name: 'About', level: 1 }));
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('changes style once the page is scrolled past 80 px', async () => {
    renderApp({ route: '/about', preloadedState: signedOutState });
    const bar = await screen.findByRole('banner');
    expect(bar).toHaveAttribute('data-scrolled', 'false');
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    };
    try {
      scrollTo(80);
      expect(bar).toHaveAttribute('data-scrolled', 'false');
      scrollTo(81);
      expect(bar).toHaveAttribute('data-scrolled', 'true');
      scrollTo(0);
      expect(bar).toHaveAttribute('data-scrolled', 'false');
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
  });
});

describe('mobile menu', () => {
  it('opens from the menu button and repeats the site and account links', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedInAs(aStaffUser()) });
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(menu).toHaveAttribute('id', 'mobile-menu');
    expect(linkNames(menu)).toEqual(['Home', 'CV', 'Research', 'Notes', 'On the Web', 'About', 'Dashboard', 'Profile', 'Admin Backend']);
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('offers Login and Register to signed-out visitors', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedOutState });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('closes after following a link', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ route: '/about', preloadedState: signedOutState });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'On the Web' }));
    expect(await screen.findByRole('heading', { name: 'On the Web', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/on-the-web');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedOutState });
    const button = await screen.findByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('footer', () => {
  it('lists the navigation links and the sections the top bar leaves out', async () => {
    renderApp({ route: '/about', preloadedState: signedInAs(aStaffUser()) });
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(linkNames(footer)).toEqual(['Home', 'CV', 'Research', 'Notes', 'On the Web', 'About', 'Talks', 'Teaching', 'Dashboard']);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Elias Northcote`);
  });
});

describe('theme toggle', () => {
  it('switches to dark and back, on <html> and in local storage', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedOutState });
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('scroll to top', () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
    jest.restoreAllMocks();
  });

  const followLink = async (reduceMotion: boolean) => {
    window.matchMedia = ((query: string) => ({ matches: reduceMotion && query.includes('reduce') })) as unknown as typeof window.matchMedia;
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const user = userEvent.setup();
    renderApp({ route: '/about', preloadedState: signedOutState });
    await screen.findByRole('heading', { name: 'About', level: 1 });
    scrollTo.mockClear();
    await user.click(within(mainNav()).getByRole('link', { name: 'On the Web' }));
    await screen.findByRole('heading', { name: 'On the Web', level: 1 });
    return scrollTo;
  };

  it('scrolls smoothly to the top on every path change', async () => {
    expect(await followLink(false)).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    expect(await followLink(true)).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });
});

describe('skip link', () => {
  it('points at the page content', async () => {
    renderApp({ route: '/about', preloadedState: signedOutState });
    await screen.findByRole('heading', { name: 'About', level: 1 });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#content');
    expect(document.getElementById('content')).toContainElement(screen.getByRole('heading', { name: 'About', level: 1 }));
  });
});

describe('scrolling on navigation', () => {
  it('scrolls smoothly to the top on every path change, and leaves the first page where the browser put it', async () => {
    const user = userEvent.setup();
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp({ route: '/about', preloadedState: signedOutState });
    await screen.findByRole('heading', { name: 'About', level: 1 });
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(mainNav()).getByRole('link', { name: 'On the Web' }));
    await screen.findByRole('heading', { name: 'On the Web', level: 1 });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo.mockRestore();
  });
});

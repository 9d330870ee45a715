import { accessibilityProblems, appReady, expectNoProblems, openSession } from './support/browser';
import { sharedSite } from './support/sharedSite';
import { apiLogin } from './support/site';

const STAFF = { email: 'axe.staff@example.com', password: 'Axe-staff-passphrase-2026', firstName: 'Axel' };

/** Every screen, by who can see it: the address and the level-1 heading it shows when ready. */
const SCREENS: Record<'visitor' | 'staff', [string, string | RegExp][]> = {
  visitor: [
    ['/', 'Elias Northcote'],
    ['/cv', 'Curriculum Vitae'],
    ['/on-the-web', 'On the Web'],
    ['/about', 'About'],
    ['/research', 'Research'],
    ['/notes', 'Notes'],
    ['/news', 'News'],
    ['/talks', 'Talks'],
    ['/teaching', 'Teaching'],
    ['/no/such/page', 'Bee Error?'],
    ['/login', 'Sign in'],
    ['/register', 'Register'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password/MQ/not-a-real-token', 'Reset password'],
    ['/login-failed', 'Sign-in failed'],
  ],
  staff: [
    ['/profile', 'Your profile'],
    ['/dashboard', /^Welcome/],
    ['/documents', 'Manage Documents'],
    ['/photos', 'Manage Photos'],
    ['/galleries', 'Manage Galleries'],
    ['/admin', 'Backend Administration'],
    ['/admin/audit', 'Backend Administration'],
    ['/site-content', 'Site content'],
    ['/publications', 'Publications'],
    ['/manage-news', 'News'],
    ['/manage-notes', 'Notes'],
    ['/manage-notes/new', 'New note'],
    ['/manage-talks', 'Talks'],
    ['/manage-teaching', 'Teaching'],
  ],
};

const shared = sharedSite({
  staff: [
    STAFF,
    // A long address and name must wrap inside the admin area's user card on a phone.
    {
      email: 'maximiliana.vandenberg-oppenheimer.research@quantitative-finance-institute.example',
      password: 'Long-address-passphrase-2026',
      firstName: 'Maximilianavandenbergoppenheimer',
    },
  ],
});

describe('accessibility (axe-core) of every screen at 360 px and on a desktop, light and dark', () => {
  for (const who of ['visitor', 'staff'] as const) {
    for (const width of [360, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        it(`${who} screens, ${width} px, ${theme}: no serious or critical violation`, async () => {
          const session = await openSession(shared.browser, { width, height: 800 });
          const { page, context } = session;
          session.allow(/current_cv|status of 404|no\/such\/page|reset-password-confirm/);
          const tokens = who === 'staff' ? await apiLogin(STAFF.email, STAFF.password) : undefined;
          await context.addInitScript(
            ({ mode, access, refresh }) => {
              localStorage.setItem('theme', mode);
              if (access) localStorage.setItem('access', access);
              if (refresh) localStorage.setItem('refresh', refresh);
            },
            { mode: theme, access: tokens?.access, refresh: tokens?.refresh },
          );
          const found: string[] = [];
          for (const [route, heading] of SCREENS[who]) {
            await page.goto(route);
            await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
            if (route !== '/no/such/page') await appReady(page);
            expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
            found.push(...(await accessibilityProblems(page)).map((problem) => `${route}: ${problem}`));
            // Nothing may stick out past the right edge of the page or of a box that scrolls sideways: a
            // phone reader would have to scroll to see it, or would not see it at all. A one-line field
            // scrolling its own long value (an address, a title) is how such a field works, so it is left out;
            // so is what is hidden for screen readers alone (KaTeX's MathML is clipped to a pixel).
            const overflow = await page.evaluate(() => {
              const sticksOut = (element: Element) =>
                element.tagName !== 'INPUT' && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible';
              const boxes = [document.documentElement, ...document.querySelectorAll('main *:not(.visually-hidden):not(.katex-mathml)')].filter(sticksOut);
              return boxes.slice(0, 3).map((element) => `${element.tagName.toLowerCase()} (${element.clientWidth} px wide, content ${element.scrollWidth} px)`);
            });
            found.push(...overflow.map((element) => `${route}: ${element} sticks out past the right edge`));
          }
          expect(found).toEqual([]);
          expectNoProblems(session);
          await context.close();
        });
      }
    }
  }
});

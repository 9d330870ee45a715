import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { useSiteContent } from '@/lib/content/useSiteContent';
import { retryChunkOnce } from '@/lib/retryChunk';
import { theme } from '@/lib/theme/themes';
import { ButtonLink } from '@/ui';

import { MobileMenu } from './MobileMenu';
import { navLinks } from './navLinks';
import { NavItemLink, NavList } from './NavList';
import { pageGutter } from './pageGutter';
import { IconButton, ThemeToggle } from './ThemeToggle';

// Only a signed-in user's bar shows the account dropdown, and never a server-rendered or hydrating
// one (the session is checked after hydration), so visitors' first load does without its code.
const UserMenu = lazy(retryChunkOnce(() => import(/* webpackChunkName: "userMenu" */ './UserMenu').then((m) => ({ default: m.UserMenu }))));

/** Scroll distance after which the bar turns solid. */
const SCROLLED_PX = 80;
const MOBILE_MENU_ID = 'mobile-menu';

const Bar = styled.header<{ $scrolled: boolean }>`
  position: fixed;
  inset: 0 0 auto;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  height: ${theme.topBarHeight};
  ${pageGutter}
  background: ${({ $scrolled }) => ($scrolled ? theme.colors.surface : theme.colors.background)};
  border-bottom: 1px solid ${({ $scrolled }) => ($scrolled ? theme.colors.border : 'transparent')};
  box-shadow: ${({ $scrolled }) => ($scrolled ? `0 2px 12px ${theme.colors.overlay}` : 'none')};
  transition:
    background 200ms,
    box-shadow 200ms;
  font-family: ${theme.fonts.ui};
`;
const Brand = styled(Link)`
  margin-right: auto;
  color: ${theme.colors.text};
  font: 600 ${theme.fontSizes.lg} ${theme.fonts.body};
  text-decoration: none;
  white-space: nowrap;
`;
/** Shown from tablet width up; the phone menu replaces it below. */
const Wide = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  @media (max-width: ${theme.breakpoints.tablet}) {
    display: none;
  }
`;
/* Just above the phone menu's width, the site links sit closer, so that a staff member's bar keeps to one line. */
const MainNav = styled(Wide)`
  @media (max-width: 1024px) {
    a {
      padding-inline: ${theme.space[2]};
    }
  }
`;
const MenuButton = styled(IconButton)`
  @media (min-width: calc(${theme.breakpoints.tablet} + 1px)) {
    display: none;
  }
`;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

interface Props {
  /** Signed-in user's first name or email; null when signed out. */
  account: string | null;
  isLoading: boolean;
  isStaff: boolean;
  onSignOut: () => void;
}

/** The fixed top bar: brand, site links, theme switch, and the account area or the phone menu. */
export function TopBar({ account, isLoading, isStaff, onSignOut }: Props) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(SCROLLED_PX);
  // The phone menu belongs to the page it was opened on, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = navLinks(isStaff);
  const brand = useSiteContent().content?.name;
  // Stable, so that the memoised links of the phone menu do not re-render with the bar.
  const closeMenu = useCallback(() => setMenuOpenAt(null), []);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <Bar $scrolled={scrolled} data-scrolled={scrolled}>
      <Brand to={paths.home}>{brand}</Brand>
      <MainNav as="nav" aria-label="Main">
        <NavList links={links} />
      </MainNav>
      <ThemeToggle />
      <Wide>
        {isLoading ? (
          'Loading'
        ) : account !== null ? (
          <Suspense fallback="Loading">
            <UserMenu label={account} isStaff={isStaff} onSignOut={onSignOut} />
          </Suspense>
        ) : (
          <>
            <NavItemLink to={paths.login}>Login</NavItemLink>
            <ButtonLink as={Link} to={paths.register} $size="sm">
              Register
            </ButtonLink>
          </>
        )}
      </Wide>
      <MenuButton
        ref={menuButton}
        aria-label="Menu"
        aria-expanded={menuOpen}
        aria-controls={MOBILE_MENU_ID}
        onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
        </svg>
      </MenuButton>
      <MobileMenu
        id={MOBILE_MENU_ID}
        open={menuOpen}
        links={links}
        account={account}
        isLoading={isLoading}
        isStaff={isStaff}
        onNavigate={closeMenu}
        onSignOut={onSignOut}
      />
    </Bar>
  );
}

import { paths } from '@/lib/paths';

export interface NavItem {
  to: string;
  label: string;
  /** Match the path exactly (the home link would otherwise be active everywhere). */
  end?: boolean;
}

const publicLinks: NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.cv, label: 'CV' },
  { to: paths.research, label: 'Research' },
  { to: paths.notes, label: 'Notes' },
  { to: paths.onTheWeb, label: 'On the Web' },
  { to: paths.about, label: 'About' },
];
const staffLinks: NavItem[] = [...publicLinks, { to: paths.dashboard, label: 'Dashboard' }];

/** The site navigation shared by the top bar, the mobile menu and the footer. */
export function navLinks(isStaff: boolean): NavItem[] {
  return isStaff ? staffLinks : publicLinks;
}

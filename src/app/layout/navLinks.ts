import { paths } from '@/contract/paths';

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
const dashboardLink: NavItem = { to: paths.dashboard, label: 'Dashboard' };
const staffLinks: NavItem[] = [...publicLinks, dashboardLink];
/** Sections the footer lists too, which the top bar leaves out to keep to its few links. */
const footerOnlyLinks: NavItem[] = [
  { to: paths.talks, label: 'Talks' },
  { to: paths.teaching, label: 'Teaching' },
];
const publicFooterLinks: NavItem[] = [...publicLinks, ...footerOnlyLinks];
const staffFooterLinks: NavItem[] = [...publicFooterLinks, dashboardLink];

/** The site navigation shared by the top bar and the mobile menu. */
export function navLinks(isStaff: boolean): NavItem[] {
  return isStaff ? staffLinks : publicLinks;
}

/** The footer's navigation: the top bar's links and a few more. */
export function footerLinks(isStaff: boolean): NavItem[] {
  return isStaff ? staffFooterLinks : publicFooterLinks;
}

import type { ReactNode } from 'react';

import { paths } from '@/contract/paths';

import { PathLink } from '../lib/PathLink';
import { Muted } from './Page';

/**
 * The top of a staff screen: the way back (to the dashboard unless `back` names another screen), the
 * heading and what the screen is for.
 */
export function StaffIntro({
  title,
  back = { to: paths.dashboard, label: 'Back to Dashboard' },
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <>
      <div>
        <PathLink to={back.to}>← {back.label}</PathLink>
      </div>
      <div>
        <h1>{title}</h1>
        <Muted>{children}</Muted>
      </div>
    </>
  );
}

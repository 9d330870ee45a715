import type { ReactNode } from 'react';

import { PathLink } from '../lib/PathLink';
import { paths } from '../lib/paths';
import { Muted } from './Page';

/** The top of a staff screen reached from the dashboard: the way back, the heading and what the screen is for. */
export function StaffIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <div>
        <PathLink to={paths.dashboard}>← Back to Dashboard</PathLink>
      </div>
      <div>
        <h1>{title}</h1>
        <Muted>{children}</Muted>
      </div>
    </>
  );
}

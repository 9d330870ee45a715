import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { AllLink, DatedList, HomeSection } from './DatedList';

/**
 * A section of the home page under the introduction: its dated items (`children`, one `li` each),
 * then the link to the page with all of them; nothing at all until there are some.
 */
export function LatestSection({
  id,
  title,
  all,
  columns,
  children,
}: {
  id: string;
  title: string;
  all: { to: string; label: string };
  columns?: boolean;
  children: ReactNode[];
}) {
  if (children.length === 0) return null;
  return (
    <HomeSection aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <DatedList $columns={columns}>{children}</DatedList>
      <AllLink>
        <Link to={all.to}>{all.label}</Link>
      </AllLink>
    </HomeSection>
  );
}

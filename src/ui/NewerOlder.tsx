import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

const PageLinks = styled.nav`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  a {
    padding: ${theme.space[2]} 0;
  }
  .newer {
    grid-column: 1;
  }
  .count {
    grid-column: 2;
    color: ${theme.colors.muted};
  }
  .older {
    grid-column: 3;
    justify-self: end;
  }
`;

/**
 * Newer and Older between the pages of a list that runs newest first, as `prev` and `next` of the
 * series, around which page this is; nothing when the list fits on one page. The page places it
 * with `className`.
 */
export function NewerOlder({ list, pageAt, className }: { list: { page: number; pages: number }; pageAt: (page: number) => string; className?: string }) {
  if (list.pages <= 1) return null;
  return (
    <PageLinks aria-label="Pages" className={className}>
      {list.page > 1 && (
        <Link className="newer" rel="prev" to={pageAt(list.page - 1)}>
          <span aria-hidden="true">← </span>Newer
        </Link>
      )}
      <span className="count">{`Page ${list.page} of ${list.pages}`}</span>
      {list.page < list.pages && (
        <Link className="older" rel="next" to={pageAt(list.page + 1)}>
          Older<span aria-hidden="true"> →</span>
        </Link>
      )}
    </PageLinks>
  );
}

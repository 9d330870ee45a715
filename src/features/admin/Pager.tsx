import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';
import { Button, Row } from '@/ui';

const Bar = styled(Row)`
  justify-content: space-between;
  margin-top: ${theme.space[4]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;
const Summary = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
`;

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

interface Props {
  /** Names the list for assistive technology, e.g. "Users". */
  label: string;
  /** Plural noun for the summary line, e.g. "users". */
  noun: string;
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
}

/** "Showing 21–40 of 53 users" with Previous / Next; disabled at either end. */
export function Pager({ label, noun, page, pageSize, count, onPage }: Props) {
  const pages = pageCount(count, pageSize);
  const first = count === 0 ? 0 : Math.min((page - 1) * pageSize + 1, count);
  const last = Math.min(page * pageSize, count);
  return (
    <Bar as="nav" aria-label={`${label} pages`}>
      <Summary>
        Showing {first}–{last} of {count} {noun}
      </Summary>
      <Row $wrap={false}>
        <Button $variant="secondary" $size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> page</span>
        </Button>
        <span aria-live="polite">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button $variant="secondary" $size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next<span className="visually-hidden"> page</span> <span aria-hidden="true">→</span>
        </Button>
      </Row>
    </Bar>
  );
}

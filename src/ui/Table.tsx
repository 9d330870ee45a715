import { type ReactNode, type TableHTMLAttributes, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

/**
 * A data table that turns into stacked cards on phones: each <td> needs a `data-label`
 * attribute naming its column.
 */
const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  th,
  td {
    text-align: left;
    padding: ${theme.space[3]} ${theme.space[3]};
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: middle;
  }
  th {
    color: ${theme.colors.muted};
    font-weight: 600;
  }
  @media (max-width: ${theme.breakpoints.phone}) {
    thead {
      display: none;
    }
    tr {
      display: block;
      margin-bottom: ${theme.space[4]};
      border: 1px solid ${theme.colors.border};
      border-radius: ${theme.radii.md};
      background: ${theme.colors.surface};
    }
    td {
      display: grid;
      /* minmax(0, …) and anywhere: a long value (an email address) wraps inside the card instead of widening it past the screen. */
      grid-template-columns: 7.5rem minmax(0, 1fr);
      gap: ${theme.space[3]};
      border-bottom: none;
      overflow-wrap: anywhere;
    }
    td::before {
      content: attr(data-label);
      font-weight: 600;
      color: ${theme.colors.muted};
    }
  }
`;

/**
 * A value longer than the screen allows (a title without spaces) scrolls the table, not the page; so do
 * the texts only screen readers get, which are positioned.
 */
const Scroller = styled.div`
  position: relative;
  overflow-x: auto;
`;

/** A column whose heading only screen readers need (a column of buttons, say). */
export const hiddenHeading = (text: string) => <span className="visually-hidden">{text}</span>;

interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** The column headings, in order; the children are the table's <tbody>. */
  columns: readonly ReactNode[];
  /** Names the table for screen readers when no heading beside it does. */
  caption?: string;
}

/**
 * Browsers drop table semantics from rows and cells whose CSS display changes (the phone card
 * layout), so screen readers would lose the rows. Explicit ARIA roles keep them.
 */
export function Table({ columns, caption, children, ...props }: TableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    table.setAttribute('role', 'table');
    table.querySelectorAll('thead, tbody, tfoot').forEach((group) => group.setAttribute('role', 'rowgroup'));
    table.querySelectorAll('tr').forEach((row) => row.setAttribute('role', 'row'));
    table.querySelectorAll('th').forEach((header) => header.setAttribute('role', header.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader'));
    table.querySelectorAll('td').forEach((cell) => cell.setAttribute('role', 'cell'));
  });
  return (
    <Scroller>
      <StyledTable ref={ref} {...props}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </StyledTable>
    </Scroller>
  );
}

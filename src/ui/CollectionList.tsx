import { type ReactNode, useId } from 'react';

import { failureMessage } from '../lib/api/errors';
import { Alert } from './Alert';
import { LoadingText, Muted } from './Page';
import { Table } from './Table';

/** A list query's state, as RTK Query's hooks give it. */
export interface ListQuery<Item> {
  data?: Item[];
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

/** A column of the table: its heading (which also labels its cells on phones) and each item's cell. */
export interface Column<Item> {
  label: string;
  cell: (item: Item) => ReactNode;
}

/**
 * A staff screen's list of items under its heading: loading, failed or empty, then a table with a
 * column of actions last. `children` (a message) stand under the heading.
 */
export function CollectionList<Item extends { id: number }>({
  heading,
  list,
  words,
  columns,
  actions,
  actionsHeading = 'Actions',
  children,
}: {
  heading: string;
  list: ListQuery<Item>;
  words: { loading: string; failed: string; empty: ReactNode; caption: string };
  columns: readonly Column<Item>[];
  actions: (item: Item) => ReactNode;
  actionsHeading?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {children}
      {list.isLoading && <LoadingText>{words.loading}</LoadingText>}
      {list.isError && <Alert tone="error">{failureMessage(words.failed, list.error)}</Alert>}
      {list.data?.length === 0 && <Muted>{words.empty}</Muted>}
      {list.data && list.data.length > 0 && (
        <Table caption={words.caption} columns={[...columns.map((column) => column.label), actionsHeading]}>
          <tbody>
            {list.data.map((item) => (
              <tr key={item.id}>
                {columns.map((column) => (
                  <td key={column.label} data-label={column.label}>
                    {column.cell(item)}
                  </td>
                ))}
                <td data-label="Actions">{actions(item)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

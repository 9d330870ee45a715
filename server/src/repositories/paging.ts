import type { SelectQueryBuilder } from 'kysely';

/** A page of a list, asked for by its number (from 1) and its size. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * How many rows `query` finds in all, and the rows of the page asked for: `rows` chooses the columns
 * and the order of the rows the page is cut from.
 */
export async function findPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, object>,
  { page, pageSize }: PageRequest,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<{ count: number; rows: Row[] }> {
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  // TypeScript cannot name the selected column of a query generic over its tables.
  const { count } = counted as { count: number };
  const found = await rows(query)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(count), rows: found };
}

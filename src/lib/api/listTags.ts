import type { TagType } from './apiSlice';

/**
 * The cache tags of a kind of item that is listed: a list query provides the list's tag and one per
 * item, so that a mutation refreshes every list (`list`) or only the lists that hold one item (`item`).
 */
export function listTags<T extends TagType>(type: T) {
  const list = { type, id: 'LIST' } as const;
  const item = (id: number) => ({ type, id });
  return { list, item, provide: (items: readonly { id: number }[] = []) => [list, ...items.map(({ id }) => item(id))] };
}

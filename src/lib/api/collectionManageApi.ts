import { api, type ApiBuilder, type TagType } from './apiSlice';
import { listTags } from './listTags';

/** Where a collection's items are written: the list's address, which creates, and each item's. */
export interface CollectionAddresses {
  list: string;
  item: (id: number) => string;
}

/** A list read whole from one address, tagged so that the edits of its items refresh it (see listTags). */
export function listQuery<Item extends { id: number }>(build: ApiBuilder, type: TagType, address: string) {
  return build.query<Item[], void>({ query: () => address, providesTags: listTags(type).provide });
}

/** Create, update and delete of a listed collection whose list query provides `listTags(type)`. */
function collectionEdits<Item, Input>(build: ApiBuilder, type: TagType, addresses: CollectionAddresses) {
  const tags = listTags(type);
  return {
    create: build.mutation<Item, Input>({
      query: (body) => ({ url: addresses.list, method: 'POST', body }),
      invalidatesTags: [tags.list],
    }),
    // What orders the list (a date) may change: every list changes.
    update: build.mutation<Item, Input & { id: number }>({
      query: ({ id, ...body }) => ({ url: addresses.item(id), method: 'PATCH', body }),
      invalidatesTags: [tags.list],
    }),
    delete: build.mutation<void, number>({
      query: (id) => ({ url: addresses.item(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [tags.item(id), tags.list],
    }),
  };
}

type Edits<Item, Input> = ReturnType<typeof collectionEdits<Item, Input>>;
/** The edits under the collection's names: `createTalk`, `updateTalk` and `deleteTalk` for `Talk`. */
type NamedEdits<Item, Input, Name extends string> = { [Verb in keyof Edits<Item, Input> as `${Verb}${Name}`]: Edits<Item, Input>[Verb] };

/**
 * A staff screen's edits of a collection (news, talks, courses), injected into the one API slice by the
 * screen that imports them, so that a visitor's first load does not carry them. Its hooks are named for
 * the item: `useCreateTalkMutation`, `useUpdateTalkMutation`, `useDeleteTalkMutation`.
 */
export function collectionManageApi<Item, Input, Name extends string>(name: Name, type: TagType, addresses: CollectionAddresses) {
  return api.injectEndpoints({
    endpoints: (build) => {
      const edits = collectionEdits<Item, Input>(build, type, addresses);
      return Object.fromEntries(Object.entries(edits).map(([verb, definition]) => [`${verb}${name}`, definition])) as NamedEdits<Item, Input, Name>;
    },
  });
}

import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQueryWithReauth } from './baseQuery';

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints`; lists are
 * tagged `{ type, id: 'LIST' }` and items `{ type, id }` so mutations refresh exactly what they change.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: [
    'Profile',
    'Sessions',
    'Gallery',
    'Image',
    'Category',
    'Document',
    'CurrentCv',
    'AdminUser',
    'Audit',
    'SiteContent',
    'ContentHistory',
    'Publication',
  ],
  endpoints: () => ({}),
});

import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQueryWithReauth } from './baseQuery';

/** The kinds of data the cache tags, so that mutations can mark them stale. */
const tagTypes = [
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
  'Citations',
  'News',
  'Note',
  'NoteDraft',
  'FollowChoices',
  'Passkey',
  'RecoveryCodes',
  'SignInSecurity',
  'Talk',
  'Teaching',
] as const;
export type TagType = (typeof tagTypes)[number];

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints`; lists are
 * tagged `{ type, id: 'LIST' }` and items `{ type, id }` so mutations refresh exactly what they change.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes,
  endpoints: () => ({}),
});

/** What `injectEndpoints` hands its `endpoints`, for helpers that define endpoints of the slice. */
export type ApiBuilder = EndpointBuilder<typeof baseQueryWithReauth, TagType, 'api'>;

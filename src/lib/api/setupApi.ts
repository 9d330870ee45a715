import type { CurrentContent } from '@/contract/content';
import type { SetupInput, SetupStatus } from '@/contract/setup';

import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { onSaved } from './onSaved';
import { siteContentApi } from './siteContentApi';

/**
 * The owner's setup: whether it is still to be done and whether the staff member is the owner, who
 * alone may (asked by the staff screens and after a staff sign-in), and doing it. Injected by the staff code that imports it, so a visitor's first load does not carry it.
 */
export const setupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSetupStatus: build.query<SetupStatus, void>({ query: () => staffApiPaths.setup }),
    completeSetup: build.mutation<CurrentContent, SetupInput>({
      query: (body) => ({ url: staffApiPaths.setup, method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        // The answer is the site's words as the setup left them, and the setup is done.
        onSaved(queryFulfilled, (data) => {
          dispatch(siteContentApi.util.upsertQueryData('getSiteContent', undefined, data));
          dispatch(setupApi.util.upsertQueryData('getSetupStatus', undefined, { needed: false, allowed: true }));
        }),
    }),
  }),
});

export const { useGetSetupStatusQuery, useCompleteSetupMutation } = setupApi;

import type { Document } from '../../../server/contract';
import { api } from '../../lib/api/apiSlice';
import { apiPaths } from '../../lib/paths';

/** The current CV document; the staff document screens invalidate `CurrentCv` when it changes. */
export const cvApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentCv: build.query<Document, void>({
      query: () => apiPaths.currentCv,
      providesTags: ['CurrentCv'],
    }),
  }),
});

export const { useGetCurrentCvQuery } = cvApi;

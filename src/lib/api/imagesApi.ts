import type { Image } from '@/contract';
import type { ImageListQuery } from '@/contract/media';
import { apiPaths } from '@/contract/paths';

import { api } from './apiSlice';
import { listTags } from './listTags';

const imageTags = listTags('Image');

/** Images, read by the home banner and the staff screens (galleries and uploads are in imagesManageApi.ts). */
export const imagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImages: build.query<Image[], ImageListQuery | void>({
      query: (args) => ({ url: apiPaths.images, params: args?.gallery_slug ? { gallery_slug: args.gallery_slug } : undefined }),
      providesTags: imageTags.provide,
    }),
  }),
});

export const { useGetImagesQuery } = imagesApi;

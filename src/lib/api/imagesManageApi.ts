import type { Gallery, Image } from '@/contract';
import type { GalleryCreate, GalleryUpdate } from '@/contract/media';
import { apiPaths } from '@/contract/paths';

import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { listQuery } from './collectionManageApi';
import { listTags } from './listTags';

const galleryTags = listTags('Gallery');
const imageTags = listTags('Image');

/**
 * Galleries and images as the staff photo screens manage them. Injected by the screens that import
 * it, so a visitor's first load does not carry it.
 */
export const imagesManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGalleries: listQuery<Gallery>(build, 'Gallery', staffApiPaths.galleries),
    createGallery: build.mutation<Gallery, GalleryCreate>({
      query: (body) => ({ url: staffApiPaths.galleries, method: 'POST', body }),
      invalidatesTags: [galleryTags.list],
    }),
    updateGallery: build.mutation<Gallery, GalleryUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.galleryUpdate(id), method: 'PATCH', body }),
      // Image rows show their gallery's name.
      invalidatesTags: (_r, _e, { id }) => [galleryTags.item(id), imageTags.list],
    }),
    deleteGallery: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.gallery(id), method: 'DELETE' }),
      // Its images become unassigned.
      invalidatesTags: (_r, _e, id) => [galleryTags.item(id), galleryTags.list, imageTags.list],
    }),
    /** One file per call: form data with image, title, optional description and gallery. */
    uploadImage: build.mutation<Image, FormData>({
      query: (body) => ({ url: apiPaths.images, method: 'POST', body }),
      invalidatesTags: [imageTags.list],
    }),
    updateImage: build.mutation<Image, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: staffApiPaths.image(id), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [imageTags.item(id), imageTags.list],
    }),
    deleteImage: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.image(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [imageTags.item(id), imageTags.list],
    }),
  }),
});

export const {
  useGetGalleriesQuery,
  useCreateGalleryMutation,
  useUpdateGalleryMutation,
  useDeleteGalleryMutation,
  useUploadImageMutation,
  useUpdateImageMutation,
  useDeleteImageMutation,
} = imagesManageApi;

import type { Gallery, Image } from '@/contract';
import type { GalleryCreate, GalleryUpdate, ImageListQuery } from '@/contract/media';

import { apiPaths } from '../paths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const galleryTags = listTags('Gallery');
const imageTags = listTags('Image');

/** Galleries and images: read by the home banner, managed by the staff photo screens. */
export const imagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGalleries: build.query<Gallery[], void>({
      query: () => apiPaths.galleries,
      providesTags: galleryTags.provide,
    }),
    createGallery: build.mutation<Gallery, GalleryCreate>({
      query: (body) => ({ url: apiPaths.galleries, method: 'POST', body }),
      invalidatesTags: [galleryTags.list],
    }),
    updateGallery: build.mutation<Gallery, GalleryUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.galleryUpdate(id), method: 'PATCH', body }),
      // Image rows show their gallery's name.
      invalidatesTags: (_r, _e, { id }) => [galleryTags.item(id), imageTags.list],
    }),
    deleteGallery: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.gallery(id), method: 'DELETE' }),
      // Its images become unassigned.
      invalidatesTags: (_r, _e, id) => [galleryTags.item(id), galleryTags.list, imageTags.list],
    }),
    getImages: build.query<Image[], ImageListQuery | void>({
      query: (args) => ({ url: apiPaths.images, params: args?.gallery_slug ? { gallery_slug: args.gallery_slug } : undefined }),
      providesTags: imageTags.provide,
    }),
    /** One file per call: form data with image, title, optional description and gallery. */
    uploadImage: build.mutation<Image, FormData>({
      query: (body) => ({ url: apiPaths.images, method: 'POST', body }),
      invalidatesTags: [imageTags.list],
    }),
    updateImage: build.mutation<Image, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: apiPaths.image(id), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [imageTags.item(id), imageTags.list],
    }),
    deleteImage: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.image(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [imageTags.item(id), imageTags.list],
    }),
  }),
});

export const {
  useGetGalleriesQuery,
  useCreateGalleryMutation,
  useUpdateGalleryMutation,
  useDeleteGalleryMutation,
  useGetImagesQuery,
  useUploadImageMutation,
  useUpdateImageMutation,
  useDeleteImageMutation,
} = imagesApi;

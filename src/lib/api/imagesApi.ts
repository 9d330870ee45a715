import type { Gallery, Image } from '@/contract';
import type { GalleryCreate, GalleryUpdate, ImageListQuery } from '@/contract/media';

import { apiPaths } from '../paths';
import { api } from './apiSlice';

const galleryList = { type: 'Gallery', id: 'LIST' } as const;
const imageList = { type: 'Image', id: 'LIST' } as const;

/** Galleries and images: read by the home banner, managed by the staff photo screens. */
export const imagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGalleries: build.query<Gallery[], void>({
      query: () => apiPaths.galleries,
      providesTags: (result = []) => [galleryList, ...result.map(({ id }) => ({ type: 'Gallery' as const, id }))],
    }),
    createGallery: build.mutation<Gallery, GalleryCreate>({
      query: (body) => ({ url: apiPaths.galleries, method: 'POST', body }),
      invalidatesTags: [galleryList],
    }),
    updateGallery: build.mutation<Gallery, GalleryUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.galleryUpdate(id), method: 'PATCH', body }),
      // Image rows show their gallery's name.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Gallery', id }, imageList],
    }),
    deleteGallery: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.gallery(id), method: 'DELETE' }),
      // Its images become unassigned.
      invalidatesTags: (_r, _e, id) => [{ type: 'Gallery', id }, galleryList, imageList],
    }),
    getImages: build.query<Image[], ImageListQuery | void>({
      query: (args) => ({ url: apiPaths.images, params: args?.gallery_slug ? { gallery_slug: args.gallery_slug } : undefined }),
      providesTags: (result = []) => [imageList, ...result.map(({ id }) => ({ type: 'Image' as const, id }))],
    }),
    /** One file per call: form data with image, title, optional description and gallery. */
    uploadImage: build.mutation<Image, FormData>({
      query: (body) => ({ url: apiPaths.images, method: 'POST', body }),
      invalidatesTags: [imageList],
    }),
    updateImage: build.mutation<Image, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: apiPaths.image(id), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Image', id }, imageList],
    }),
    deleteImage: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.image(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Image', id }, imageList],
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

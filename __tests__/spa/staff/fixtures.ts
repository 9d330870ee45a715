import { File as NodeFile } from 'node:buffer';

import type { Document, DocumentCategory, Gallery, Image } from '@/contract';

export const aGallery = (overrides: Partial<Gallery> = {}): Gallery => ({
  id: 1,
  name: 'Page Logos',
  slug: 'page-logos',
  description: 'Pictures for the front page',
  ...overrides,
});

export const anImage = (overrides: Partial<Image> = {}): Image => ({
  id: 10,
  title: 'Conference - talk.jpg',
  description: '',
  gallery: 1,
  gallery_name: 'Page Logos',
  image_url: '/media/images/original/abc.jpg',
  image: 'images/original/abc.jpg',
  sizes: { thumb: '/media/images/thumb/abc.webp', banner: '/media/images/banner/abc.webp', large: '/media/images/large/abc.webp' },
  width: 1200,
  height: 800,
  uploaded_at: '2025-06-09T10:00:00.000Z',
  ...overrides,
});

export const aCategory = (overrides: Partial<DocumentCategory> = {}): DocumentCategory => ({
  id: 1,
  name: 'CV',
  description: 'Curriculum vitae',
  document_count: 0,
  ...overrides,
});

export const aDocument = (overrides: Partial<Document> = {}): Document => ({
  id: 100,
  name: 'CV 2025',
  description: 'Latest CV',
  category: 1,
  category_name: 'CV',
  is_current: false,
  uploaded_at: '2025-06-09T10:00:00.000Z',
  download_url: '/api/documents/documents/100/download/',
  file: 'documents/abc.pdf',
  original_filename: 'cv-2025.pdf',
  content_type: 'application/pdf',
  size: 1234,
  ...overrides,
});

/** The fields of a multipart body, as the server would read them. */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  form.forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  });
  return fields;
}

/**
 * A file the test network can read back: under jest-fixed-jsdom, FormData is Node's and only
 * takes Node's Blob and File (a jsdom File would be sent as the text "[object File]").
 */
export function aFile(name: string, type: string, content = 'data'): File {
  return new NodeFile([content], name, { type }) as unknown as File;
}

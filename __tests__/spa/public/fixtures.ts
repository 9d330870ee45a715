import { delay, http, HttpResponse } from 'msw';

import type { Document, Image } from '@/contract';
import type { CurrentContent, SiteContent } from '@/contract/content';
import type { ListedPublication } from '@/contract/publications';
import type { TeachingCourse, TeachingMaterial } from '@/contract/teaching';

import { seedContent } from '../../../server/src/content/seed';
import { server, url } from '../msw';

/** The site's words as the API answers them: the first-start content unless given. */
export const currentContent = (content: SiteContent = seedContent, version = 1, example: string[] = []): CurrentContent => ({
  version,
  saved_at: '2026-01-05T09:00:00.000Z',
  content,
  example,
});

export const bannerImage = (id: number, title = `Picture ${id}`): Image => ({
  id,
  title,
  description: '',
  gallery: 1,
  gallery_name: 'page-logos',
  image_url: `/media/originals/${id}.jpg`,
  image: `originals/${id}.jpg`,
  sizes: { thumb: `/media/thumb/${id}.webp`, banner: `/media/banner/${id}.webp`, large: `/media/large/${id}.webp` },
  width: 2400,
  height: 1600,
  uploaded_at: '2025-06-09T10:00:00.000Z',
});

export const currentCv = (overrides: Partial<Document> = {}): Document => ({
  id: 7,
  name: 'CV June 2025',
  description: '',
  category: 1,
  category_name: 'CV',
  is_current: true,
  uploaded_at: '2025-06-09T10:00:00.000Z',
  download_url: '/api/documents/documents/7/download/',
  file: 'documents/7',
  original_filename: 'cv.pdf',
  content_type: 'application/pdf',
  size: 120_000,
  ...overrides,
});

/** The home page's banner call, answering the given images (after an optional pause). */
export function serveBannerImages(images: Image[], pauseMs = 0) {
  const requests: URL[] = [];
  server.use(
    http.get(url('/api/photos/images/'), async ({ request }) => {
      requests.push(new URL(request.url));
      if (pauseMs) await delay(pauseMs);
      return HttpResponse.json(images);
    }),
  );
  return requests;
}

/** A publication as the API lists it; the HTML forms are what the server renders. */
export const aPublication = (overrides: Partial<ListedPublication> = {}): ListedPublication => ({
  id: 1,
  cite_key: 'northcote2019slv',
  key: 'northcote2019slv',
  entry_type: 'article',
  kind: { slug: 'journal-article', name: 'Journal article' },
  title: 'Calibrating stochastic-local volatility with jumps',
  title_text: 'Calibrating stochastic-local volatility with jumps',
  title_html: 'Calibrating stochastic-local volatility with jumps',
  authors: ['Elias Northcote', 'Bernd Götz'],
  venue: 'Journal of Computational Finance',
  year: 2019,
  doi: '10.21314/JCF.2019.001',
  arxiv: '',
  ssrn: '',
  url: '',
  has_abstract: false,
  bibtex: '@article{northcote2019slv,\n  title = {Calibrating stochastic-local volatility with jumps}\n}',
  is_working_paper: false,
  document: null,
  paper_url: '',
  topics: [],
  links: [],
  selected: false,
  position: 0,
  updated_at: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

/** Document `id` of the library, named `name`, as course `course` lists it among its materials, with its download address. */
export const aMaterial = (course: number, id: number, name: string): TeachingMaterial => ({ id, name, url: `/api/teaching/${course}/materials/${id}/` });

/** A course as the API lists it: this year's, with a description and no materials unless given. */
export const aCourse = (overrides: Partial<TeachingCourse> = {}): TeachingCourse => ({
  id: 1,
  course: 'Stochastic Calculus for Finance',
  institution: 'Imperial College London',
  term: 'Autumn 2025',
  start_date: '2025-10-06',
  role: 'lecturer',
  description: 'Itô calculus with **worked examples**.',
  description_html: '<p>Itô calculus with <strong>worked examples</strong>.</p>',
  link: '',
  materials: [],
  updated_at: '2025-09-01T09:00:00.000Z',
  ...overrides,
});

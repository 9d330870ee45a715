import type { TeachingInput } from '../../../server/contract/teaching';

/** A course as staff send it, with the given fields instead. */
export const courseInput = (fields: Partial<TeachingInput> = {}): TeachingInput => ({
  course: 'Stochastic Calculus for Finance',
  institution: 'Imperial College London',
  term: 'Autumn 2025',
  start_date: '2025-10-06',
  role: 'lecturer',
  description: '',
  link: '',
  materials: [],
  ...fields,
});

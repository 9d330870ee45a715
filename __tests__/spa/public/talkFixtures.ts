import type { Talk } from '@/contract/talks';

/** A talk as the API lists it; the abstract's HTML is what the server renders. */
export const aTalk = (overrides: Partial<Talk> = {}): Talk => ({
  id: 1,
  title: 'Rough volatility in practice',
  event: 'Bachelier Congress',
  place: 'Rio de Janeiro',
  date: '2999-07-08',
  type: 'conference',
  abstract: 'We price with $\\sigma$.',
  abstract_html: '<p>We price with <math><mi>σ</mi></math>.</p>',
  abstract_text: 'We price with σ.',
  slides: null,
  slides_url: '',
  video: '',
  paper: null,
  paper_link: null,
  updated_at: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

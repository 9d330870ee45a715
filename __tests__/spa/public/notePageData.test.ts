import { makeStore } from '@/app/store';
import { noteArticle, notesListQuery, openingWords } from '@/features/notes/pageData';
import { notesApi } from '@/lib/api/notesApi';

import { aNote } from './noteFixtures';

describe('the list a notes address shows', () => {
  it.each([
    [{}, {}],
    [{ page: '1' }, {}],
    [{ page: '2' }, { page: 2 }],
    [{ tag: 'volatility' }, { tag: 'volatility' }],
    [
      { tag: 'option-pricing', page: '3' },
      { tag: 'option-pricing', page: 3 },
    ],
  ])('reads %j as %j', (params, query) => {
    expect(notesListQuery(params)).toEqual(query);
  });

  it.each([{ page: '0' }, { page: '02' }, { page: '2.5' }, { page: '100000' }, { tag: 'Volatility' }, { tag: 'a b' }, { tag: 'x'.repeat(41) }])(
    'finds no page of the list at %j',
    (params) => {
      expect(notesListQuery(params)).toBeUndefined();
    },
  );
});

describe('the head of a note page', () => {
  const storeWith = (slug: string, note: ReturnType<typeof aNote>) => {
    const store = makeStore();
    store.dispatch(notesApi.util.upsertQueryEntries([{ endpointName: 'getNote', arg: slug, value: note }]));
    return store;
  };

  it('describes the note from its data, under its own address', () => {
    const note = aNote({ revised_at: '2026-12-01T10:00:00.000Z' });
    expect(noteArticle(storeWith('smile', note).getState(), { slug: 'smile' })).toEqual({
      path: '/notes/volatility-smile',
      title: 'The volatility smile',
      description: 'Why implied volatility depends on the strike.',
      publishedAt: '2026-11-20T09:30:00.000Z',
      modifiedAt: '2026-12-01T10:00:00.000Z',
      tags: ['volatility', 'options'],
      shareImagePath: '/notes/volatility-smile/share-image.png',
    });
  });

  it('takes the opening words of a note without a summary, and knows no note it has not fetched', () => {
    const state = storeWith('volatility-smile', aNote({ summary: '' })).getState();
    expect(noteArticle(state, { slug: 'volatility-smile' })).toMatchObject({ description: 'Implied volatility σ(K) is not flat.', modifiedAt: undefined });
    expect(noteArticle(state, { slug: 'other' })).toBeUndefined();
  });

  it('reads the first paragraph as plain text, formulas as their TeX, cut at a word', () => {
    const math =
      '<span class="katex"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span>';
    expect(openingWords(`<h3>Intro</h3>\n<p>Square <em>it</em>: ${math} &#x26; more &#x3C; less.</p><p>Second.</p>`)).toBe('Square it: x^2 & more < less.');
    const long = openingWords(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(161);
    expect(long).toMatch(/word…$/);
    expect(openingWords('<div class="chart-block"></div>')).toBe('');
  });
});

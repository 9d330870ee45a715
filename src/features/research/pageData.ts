/**
 * What the research routes tell the server: the filters an address sets, whether it names anything,
 * and the head of a paper's page. Kept apart from the screens, which load lazily, so that the
 * routes can name them.
 */
import type { Params } from 'react-router-dom';

import { paths, RESEARCH_FILTERS, type ResearchFilter } from '@/contract/paths';
import type { Facet, ListedPublication } from '@/contract/publications';
import { publicationsApi } from '@/lib/api/publicationsApi';
import type { RootState } from '@/lib/state';
import { cutAtWord } from '@/lib/text';

export type FilterFacet = (typeof RESEARCH_FILTERS)[number];

/** How each filter's values are written in addresses: a year, or the slug of a kind or a topic. */
const VALUE_PATTERNS: Record<FilterFacet, RegExp> = {
  year: /^\d{4}$/,
  type: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  topic: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
};
const MAX_VALUE_CHARS = 80;

/** The filters an address sets, the same object for the route's check and the screen; undefined when a value cannot be one. */
export function researchFilterOf(params: Params): ResearchFilter | undefined {
  const filter: ResearchFilter = {};
  for (const facet of RESEARCH_FILTERS) {
    const value = params[facet];
    if (value === undefined) continue;
    if (value.length > MAX_VALUE_CHARS || !VALUE_PATTERNS[facet].test(value)) return undefined;
    filter[facet] = value;
  }
  return filter;
}

/** The values of one filter a publication has: its year, its kind, its topics. */
export function facetValues(publication: ListedPublication, facet: FilterFacet): Facet[] {
  if (facet === 'year') return publication.year === null ? [] : [{ slug: String(publication.year), name: String(publication.year) }];
  if (facet === 'type') return [publication.kind];
  return publication.topics;
}

/** Whether the publication has every value the filter sets (`except` one of them, left out). */
export function matches(publication: ListedPublication, filter: ResearchFilter, except?: FilterFacet): boolean {
  return RESEARCH_FILTERS.every((facet) => {
    const wanted = filter[facet];
    return facet === except || wanted === undefined || facetValues(publication, facet).some((value) => value.slug === wanted);
  });
}

const selectPublications = publicationsApi.endpoints.getPublications.select();

/** Whether a filtered address lists anything: a value no publication has, or a combination none has, is not found. */
export function researchListExists(state: RootState, params: Params): boolean {
  const filter = researchFilterOf(params);
  if (!filter) return false;
  const list = selectPublications(state).data;
  return !list || list.some((publication) => matches(publication, filter));
}

/** A paper page's head, from the paper its route prefetched; undefined when there is no such paper. */
export function paperArticle(state: RootState, { key = '' }: Params) {
  const paper = publicationsApi.endpoints.getPaper.select(key)(state).data;
  if (!paper) return undefined;
  return {
    path: paths.paper(paper.key),
    title: paper.title_text,
    description: cutAtWord(paper.abstract_text || [paper.authors.join(', '), paper.venue, paper.year].filter(Boolean).join('. ')),
    publishedAt: paper.year === null ? undefined : String(paper.year),
    modifiedAt: paper.updated_at,
    tags: paper.topics.map((topic) => topic.name),
    shareImagePath: paths.paperShareImage(paper.key),
    paper,
  };
}

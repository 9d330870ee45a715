import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';

import { paths, RESEARCH_FILTERS, type ResearchFilter } from '@/contract/paths';
import type { ListedPublication } from '@/contract/publications';
import { useGetPublicationsQuery } from '@/lib/api/publicationsApi';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, LoadingText, Muted, NotFoundMessage, Page, Prose, ResearchSections, Side, useSiteContentPage, WithAside } from '@/ui';

import { facetValues, matches, researchFilterOf } from './pageData';
import { PublicationEntry } from './PublicationEntry';
import { ResearchFilters } from './ResearchFilters';

const Section = styled.section`
  margin-top: ${theme.space[7]};
  max-width: ${theme.maxWidth.text};
  h2 {
    padding-bottom: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
  }
  h3 {
    margin: ${theme.space[5]} 0 0;
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.md};
  }
`;

/** Newest year first; within a year, the order staff gave. Entries without a year come last. */
function byYear(publications: ListedPublication[]): [string, ListedPublication[]][] {
  const years = new Map<number | null, ListedPublication[]>();
  for (const publication of publications) years.set(publication.year, [...(years.get(publication.year) ?? []), publication]);
  return [...years.entries()]
    .sort(([a], [b]) => (b ?? -Infinity) - (a ?? -Infinity))
    .map(([year, entries]) => [year === null ? 'Undated' : String(year), entries]);
}

function PublicationSection({ title, publications, owner }: { title: string; publications: ListedPublication[]; owner: string }) {
  if (publications.length === 0) return null;
  const id = `research-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {byYear(publications).map(([year, entries]) => (
        <div key={year}>
          <h3>{year}</h3>
          {entries.map((publication) => (
            <PublicationEntry key={publication.id} publication={publication} owner={owner} />
          ))}
        </div>
      ))}
    </Section>
  );
}

const Showing = styled.p`
  margin: ${theme.space[4]} 0 0;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

/** What the filters set, by the names of their values: "2024, Journal article, Volatility". */
function filterNames(publications: ListedPublication[], filter: ResearchFilter): string {
  return RESEARCH_FILTERS.flatMap((facet) => {
    const slug = filter[facet];
    if (slug === undefined) return [];
    const value = publications.flatMap((publication) => facetValues(publication, facet)).find((candidate) => candidate.slug === slug);
    return [value?.name ?? slug];
  }).join(', ');
}

const missing = (
  <Page>
    <NotFoundMessage />
  </Page>
);

function ResearchList({ filter }: { filter: ResearchFilter }) {
  const { content, pending } = useSiteContentPage();
  const publications = useGetPublicationsQuery();
  const all = publications.data ?? [];
  const list = all.filter((publication) => matches(publication, filter));
  const filtered = RESEARCH_FILTERS.some((facet) => filter[facet] !== undefined);
  const nothingMatches = filtered && publications.isSuccess && list.length === 0;
  useDocumentTitle(nothingMatches ? '404' : 'Research');
  if (!content) return pending;
  if (nothingMatches) return missing;
  return (
    <Page>
      <WithAside>
        <Prose>
          <h1>Research</h1>
          <ResearchSections />
          <Muted>Papers and working papers. Each title leads to the paper’s page, with its abstract and the ways to cite it.</Muted>
        </Prose>
        {/* Beside the list on a wide screen; between the introduction and the list on a phone. */}
        {all.length > 0 && (
          <Side>
            <ResearchFilters publications={all} filter={filter} />
          </Side>
        )}
        <div>
          {publications.isLoading && <LoadingText>Loading publications...</LoadingText>}
          {publications.isError && <Alert tone="error">Failed to load publications.</Alert>}
          {publications.isSuccess && all.length === 0 && <Muted>No publications yet.</Muted>}
          {filtered && (
            <Showing>
              Showing {list.length} of {all.length}: {filterNames(all, filter)} · <Link to={paths.research}>All research</Link>
            </Showing>
          )}
          <PublicationSection title="Working papers" publications={list.filter((entry) => entry.is_working_paper)} owner={content.name} />
          <PublicationSection title="Publications" publications={list.filter((entry) => !entry.is_working_paper)} owner={content.name} />
        </div>
      </WithAside>
    </Page>
  );
}

/** Publications and working papers, with links, abstracts and citations, all of them or those of a year, a kind or a topic. */
export function ResearchPage() {
  const filter = researchFilterOf(useParams());
  return filter ? <ResearchList filter={filter} /> : missing;
}

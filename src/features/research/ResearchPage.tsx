import styled from 'styled-components';

import type { Publication } from '@/contract/publications';
import { useGetPublicationsQuery } from '@/lib/api/publicationsApi';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, LoadingText, Muted, Page, Prose, useSiteContentPage } from '@/ui';

import { PublicationEntry } from './PublicationEntry';

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
function byYear(publications: Publication[]): [string, Publication[]][] {
  const years = new Map<number | null, Publication[]>();
  for (const publication of publications) years.set(publication.year, [...(years.get(publication.year) ?? []), publication]);
  return [...years.entries()]
    .sort(([a], [b]) => (b ?? -Infinity) - (a ?? -Infinity))
    .map(([year, entries]) => [year === null ? 'Undated' : String(year), entries]);
}

function PublicationSection({ title, publications, owner }: { title: string; publications: Publication[]; owner: string }) {
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

/** Publications and working papers, with links, abstracts and citations. */
export function ResearchPage() {
  useDocumentTitle('Research');
  const { content, pending } = useSiteContentPage();
  const publications = useGetPublicationsQuery();
  if (!content) return pending;
  const list = publications.data ?? [];
  return (
    <Page>
      <Prose>
        <h1>Research</h1>
        <Muted>Papers and working papers. Each entry links to the paper where it can be read, and Cite copies its BibTeX.</Muted>
      </Prose>
      {publications.isLoading && <LoadingText>Loading publications...</LoadingText>}
      {publications.isError && <Alert tone="error">Failed to load publications.</Alert>}
      {publications.isSuccess && list.length === 0 && <Muted>No publications yet.</Muted>}
      <PublicationSection title="Working papers" publications={list.filter((entry) => entry.is_working_paper)} owner={content.name} />
      <PublicationSection title="Publications" publications={list.filter((entry) => !entry.is_working_paper)} owner={content.name} />
    </Page>
  );
}

import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { paths, RESEARCH_FILTERS, type ResearchFilter } from '@/contract/paths';
import type { Facet, ListedPublication } from '@/contract/publications';
import { theme } from '@/lib/theme/themes';
import { Foldable, tagLink } from '@/ui';

import { facetValues, type FilterFacet, matches } from './pageData';

const FACET_NAMES: Record<FilterFacet, { label: string; all: string }> = {
  year: { label: 'Year', all: 'Any year' },
  type: { label: 'Type', all: 'Any type' },
  topic: { label: 'Topic', all: 'Any topic' },
};

const Filters = styled.nav`
  padding: ${theme.space[1]} ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  @media (min-width: ${theme.breakpoints.tablet}) {
    padding: ${theme.space[4]};
  }
  h2 {
    margin: 0 0 ${theme.space[3]};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.md};
  }
`;
const Groups = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  padding-bottom: ${theme.space[3]};
  @media (min-width: ${theme.breakpoints.tablet}) {
    padding-bottom: 0;
  }
`;
const Group = styled.div`
  display: grid;
  grid-template-columns: 4rem 1fr;
  align-items: baseline;
  gap: ${theme.space[2]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  @media (max-width: ${theme.breakpoints.phone}) {
    grid-template-columns: 1fr;
    gap: ${theme.space[1]};
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-weight: 600;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space[1]} ${theme.space[2]};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    ${tagLink}
  }
  a[aria-current='page'] {
    border-color: ${theme.colors.accent};
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
  }
`;

/**
 * Each value of the filter among the publications the other filters leave, with how many have it:
 * every link leads to a list that is not empty. Years newest first, kinds and topics by name.
 */
function valuesOf(publications: ListedPublication[], filter: ResearchFilter, facet: FilterFacet): (Facet & { count: number })[] {
  const counted = new Map<string, Facet & { count: number }>();
  for (const publication of publications)
    if (matches(publication, filter, facet))
      for (const value of facetValues(publication, facet)) {
        const seen = counted.get(value.slug);
        counted.set(value.slug, { ...value, count: (seen?.count ?? 0) + 1 });
      }
  return [...counted.values()].sort((a, b) => (facet === 'year' ? b.slug.localeCompare(a.slug) : a.name.localeCompare(b.name)));
}

/**
 * Links that narrow the list by year, type and topic, so that a filtered list has an address of its own.
 * Folded on a phone, where they would push the list a screen down; open beside the list on a wide screen.
 */
export function ResearchFilters({ publications, filter }: { publications: ListedPublication[]; filter: ResearchFilter }) {
  return (
    <Filters aria-labelledby="research-filters">
      <Foldable summary="Filter" headingId="research-filters" wideFrom={theme.breakpoints.tablet}>
        <Groups>
          {RESEARCH_FILTERS.map((facet) => {
            const values = valuesOf(publications, filter, facet);
            if (values.length === 0) return null;
            const labelId = `research-filter-${facet}`;
            const current = filter[facet];
            return (
              <Group key={facet}>
                <p id={labelId}>{FACET_NAMES[facet].label}</p>
                <ul aria-labelledby={labelId}>
                  <li>
                    <Link to={paths.researchFiltered({ ...filter, [facet]: undefined })} aria-current={current === undefined ? 'page' : undefined}>
                      {FACET_NAMES[facet].all}
                    </Link>
                  </li>
                  {values.map((value) => (
                    <li key={value.slug}>
                      <Link to={paths.researchFiltered({ ...filter, [facet]: value.slug })} aria-current={current === value.slug ? 'page' : undefined}>
                        {value.name} ({value.count})
                      </Link>
                    </li>
                  ))}
                </ul>
              </Group>
            );
          })}
        </Groups>
      </Foldable>
    </Filters>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';

import type { CvEntry, LabelledItem } from '@/contract/content';
import { theme } from '@/lib/theme/themes';

const Section = styled.section`
  margin-bottom: ${theme.space[7]};
  h2 {
    padding-bottom: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
    font-size: ${theme.fontSizes.lg};
  }
  ul {
    margin: 0;
    padding-left: ${theme.space[5]};
  }
  li + li {
    margin-top: ${theme.space[1]};
  }
`;
const Entry = styled.article`
  & + & {
    margin-top: ${theme.space[5]};
  }
  h3 {
    margin-bottom: ${theme.space[1]};
    font-size: ${theme.fontSizes.md};
  }
`;
const Meta = styled.p`
  margin-bottom: ${theme.space[2]};
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;
/**
 * A period ("2011 – 2013") moves to the next line whole rather than breaking at its dash; only one
 * longer than a whole line wraps inside.
 */
const Period = styled.span`
  display: inline-block;
`;
const Pairs = styled.dl`
  margin: 0;
  dt {
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
    font-weight: 600;
  }
  dd {
    margin: 0 0 ${theme.space[3]};
    overflow-wrap: anywhere;
  }
`;

interface CvSectionProps {
  title: string;
  entries?: CvEntry[];
  pairs?: LabelledItem[];
  children?: ReactNode;
}

/** A titled part of the CV holding dated entries, label and value pairs, or free content. */
export function CvSection({ title, entries, pairs, children }: CvSectionProps) {
  // A list with nothing in it yet (a site that started empty) shows no heading either.
  if (entries?.length === 0 || pairs?.length === 0) return null;
  return (
    <Section>
      <h2>{title}</h2>
      {entries && <EntryList entries={entries} />}
      {pairs && <PairList items={pairs} />}
      {children}
    </Section>
  );
}

/** Dated entries (education, experience) with their highlights. */
function EntryList({ entries }: { entries: CvEntry[] }) {
  return entries.map((entry) => (
    <Entry key={`${entry.title}-${entry.period}`}>
      <h3>{entry.title}</h3>
      <Meta>
        {entry.place} · <Period>{entry.period}</Period>
      </Meta>
      <ul>
        {entry.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </Entry>
  ));
}

/** Label and value pairs (contact, skills, languages, links); values with an address become links. */
function PairList({ items }: { items: LabelledItem[] }) {
  return (
    <Pairs>
      {items.map(({ label, value, href }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {href ? (
              <a href={href} {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </Pairs>
  );
}

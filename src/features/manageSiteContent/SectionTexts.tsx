import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

const List = styled.dl`
  margin: ${theme.space[2]} 0 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 ${theme.space[3]};
    /* Lists keep their lines, entries and paragraphs their blank line between. */
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

/** Sections of the site's words with their text, e.g. what a change replaced. */
export function SectionTexts({ texts }: { texts: readonly { section: string; value: string }[] }) {
  return (
    <List>
      {texts.map(({ section, value }) => (
        <div key={section}>
          <dt>{section}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}

import styled from 'styled-components';

import type { OutlineEntry } from '@/contract/notes';
import { theme } from '@/lib/theme/themes';
import { Foldable, framed } from '@/ui';

const Nav = styled.nav`
  margin-bottom: ${theme.space[6]};
  padding: 0 ${theme.space[4]};
  ${framed('sm')}
  h2 {
    margin: 0 0 ${theme.space[2]};
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  ol {
    margin: 0;
    padding: 0 0 ${theme.space[3]};
    list-style: none;
  }
  ol ol {
    padding: 0 0 0 ${theme.space[4]};
  }
  a {
    display: block;
    padding: ${theme.space[1]} 0;
    color: ${theme.colors.muted};
    line-height: 1.35;
    text-decoration: none;
  }
  a:hover {
    color: ${theme.colors.accent};
    text-decoration: underline;
  }
  /* Beside the text, in view while it scrolls, and scrolling itself when longer than the window. */
  @media (min-width: ${theme.breakpoints.wide}) {
    position: sticky;
    top: calc(${theme.topBarHeight} + ${theme.space[5]});
    max-height: calc(100vh - ${theme.topBarHeight} - ${theme.space[7]});
    overflow-y: auto;
    margin: 0;
    padding: 0 0 0 ${theme.space[4]};
    border: 0;
    border-left: 1px solid ${theme.colors.border};
    border-radius: 0;
  }
`;

/** A note with at least this many sections and subsections gets a table of contents. */
export const OUTLINE_MIN_HEADINGS = 3;

interface Section {
  entry: OutlineEntry;
  subsections: OutlineEntry[];
}

/** Sections with their subsections; a subsection before any section stands as one. */
function nest(outline: OutlineEntry[]): Section[] {
  const sections: Section[] = [];
  for (const entry of outline) {
    const current = sections.at(-1);
    if (entry.level === 3 && current) current.subsections.push(entry);
    else sections.push({ entry, subsections: [] });
  }
  return sections;
}

/** A long note's table of contents: folded above the text on a phone, beside it on a wide screen. */
export function NoteContents({ outline, className }: { outline: OutlineEntry[]; className?: string }) {
  return (
    <Nav aria-labelledby="note-contents" className={className}>
      <Foldable summary="Contents" headingId="note-contents" wideFrom={theme.breakpoints.wide}>
        <ol>
          {nest(outline).map(({ entry, subsections }) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.text}</a>
              {subsections.length > 0 && (
                <ol>
                  {subsections.map((subsection) => (
                    <li key={subsection.id}>
                      <a href={`#${subsection.id}`}>{subsection.text}</a>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      </Foldable>
    </Nav>
  );
}

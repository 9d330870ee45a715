import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { formatCalendarDate } from '@/contract/dates';
import { paths } from '@/contract/paths';
import type { TalkOnPaper } from '@/contract/talks';
import { theme } from '@/lib/theme/themes';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${theme.space[2]} 0;
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
`;

/** The talks given on a paper, the latest first (as the paper lists them), each leading to its entry on the Talks page. */
export function RelatedTalks({ talks }: { talks: TalkOnPaper[] }) {
  if (talks.length === 0) return null;
  return (
    <section aria-labelledby="paper-talks">
      <h2 id="paper-talks">Talks</h2>
      <List>
        {talks.map((talk) => (
          <li key={talk.id}>
            <Link to={paths.talk(talk.id)}>{talk.title}</Link>
            <p>
              {[talk.event, talk.place].filter(Boolean).join(', ')}
              {talk.event || talk.place ? ' · ' : ''}
              <time dateTime={talk.date}>{formatCalendarDate(talk.date)}</time>
            </p>
          </li>
        ))}
      </List>
    </section>
  );
}

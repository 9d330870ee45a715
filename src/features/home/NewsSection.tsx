import styled from 'styled-components';

import { NEWS_LIMITS } from '@/contract/newsRules';
import { useGetNewsQuery } from '@/lib/api/newsApi';
import { formatCalendarDate } from '@/lib/dates';
import { theme } from '@/lib/theme/themes';

/** The home page's query; its route prefetches the same one on the server. */
export const homeNewsQuery = { limit: NEWS_LIMITS.onHomePage };

const Section = styled.section`
  padding: ${theme.space[6]} 0 ${theme.space[7]};
  border-top: 1px solid ${theme.colors.border};
  h2 {
    margin-bottom: ${theme.space[4]};
  }
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-width: ${theme.maxWidth.text};
  li {
    display: grid;
    grid-template-columns: 7.5rem minmax(0, 1fr);
    gap: ${theme.space[4]};
    padding: ${theme.space[2]} 0;
    @media (max-width: ${theme.breakpoints.phone}) {
      grid-template-columns: minmax(0, 1fr);
      gap: 0;
    }
  }
  time {
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
    white-space: nowrap;
    padding-top: 0.15em;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** The latest news under the owner's introduction; nothing at all until there is some. */
export function NewsSection() {
  const { data: items = [] } = useGetNewsQuery(homeNewsQuery);
  if (items.length === 0) return null;
  return (
    <Section aria-labelledby="home-news">
      <h2 id="home-news">News</h2>
      <List>
        {items.map((item) => (
          <li key={item.id}>
            <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
            <p>
              {item.text}
              {item.link && (
                <>
                  {' '}
                  <a href={item.link} rel="noopener">
                    More<span className="visually-hidden"> about: {item.text}</span>
                  </a>
                </>
              )}
            </p>
          </li>
        ))}
      </List>
    </Section>
  );
}

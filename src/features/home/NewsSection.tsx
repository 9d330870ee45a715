import { formatCalendarDate } from '@/contract/dates';
import { useGetNewsQuery } from '@/lib/api/newsApi';

import { DatedList, HomeSection } from './DatedList';
import { homeNewsQuery } from './queries';

/** The latest news under the owner's introduction; nothing at all until there is some. */
export function NewsSection() {
  const { data: items = [] } = useGetNewsQuery(homeNewsQuery);
  if (items.length === 0) return null;
  return (
    <HomeSection aria-labelledby="home-news">
      <h2 id="home-news">News</h2>
      <DatedList>
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
      </DatedList>
    </HomeSection>
  );
}

import { Link } from 'react-router-dom';

import { formatCalendarDate } from '@/contract/dates';
import { paths } from '@/contract/paths';
import { useGetNewsQuery } from '@/lib/api/newsApi';
import { NewsText } from '@/ui';

import { AllLink, DatedList, HomeSection } from './DatedList';
import { homeNewsQuery } from './queries';

/** The latest news under the owner's introduction, with a link to all of it; nothing at all until there is some. */
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
            <NewsText item={item} />
          </li>
        ))}
      </DatedList>
      <AllLink>
        <Link to={paths.news}>All news</Link>
      </AllLink>
    </HomeSection>
  );
}

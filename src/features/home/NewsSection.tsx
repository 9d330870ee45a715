import { formatCalendarDate } from '@/contract/dates';
import { paths } from '@/contract/paths';
import { useGetNewsQuery } from '@/lib/api/newsApi';
import { NewsText } from '@/ui';

import { LatestSection } from './LatestSection';
import { homeNewsQuery } from './queries';

/** The latest news under the owner's introduction, with a link to all of it; nothing at all until there is some. */
export function NewsSection() {
  const { data: items = [] } = useGetNewsQuery(homeNewsQuery);
  return (
    <LatestSection id="home-news" title="News" all={{ to: paths.news, label: 'All news' }}>
      {items.map((item) => (
        <li key={item.id}>
          <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
          <NewsText item={item} />
        </li>
      ))}
    </LatestSection>
  );
}

import { Link } from 'react-router-dom';

import { formatCalendarDate } from '@/contract/dates';
import type { NewsItem } from '@/contract/news';

import { MathStyles } from './MathStyles';

/** A link of a news item: an address on the site is followed in the app, any other opens as a web page. */
function MoreLink({ item }: { item: NewsItem }) {
  const more = (
    <>
      More<span className="visually-hidden"> about the news of {formatCalendarDate(item.date)}</span>
    </>
  );
  return item.link.startsWith('/') ? (
    <Link to={item.link}>{more}</Link>
  ) : (
    <a href={item.link} rel="noopener">
      {more}
    </a>
  );
}

/** A news item's text as the server rendered it (inline Markdown and mathematics), then its link when it has one. */
export function NewsText({ item }: { item: NewsItem }) {
  return (
    <p>
      <MathStyles html={item.html} />
      {/* Sanitised by the server when the item was saved. */}
      <span dangerouslySetInnerHTML={{ __html: item.html }} />
      {item.link && (
        <>
          {' '}
          <MoreLink item={item} />
        </>
      )}
    </p>
  );
}

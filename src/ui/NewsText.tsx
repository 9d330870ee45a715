import { formatCalendarDate } from '@/contract/dates';
import type { NewsItem } from '@/contract/news';

import { MathStyles } from './MathStyles';

/**
 * A news item's text as the server rendered it (inline Markdown and mathematics), then its link when it
 * has one. The link is a plain one, as those in the text are: an address on the site may name a file
 * (`/cv.pdf`, a paper's PDF) that the app's routes do not show.
 */
export function NewsText({ item }: { item: NewsItem }) {
  return (
    <p>
      <MathStyles html={item.html} />
      {/* Sanitised by the server when the item was saved. */}
      <span dangerouslySetInnerHTML={{ __html: item.html }} />
      {item.link && (
        <>
          {' '}
          <a href={item.link} rel={item.link.startsWith('/') ? undefined : 'noopener'}>
            More<span className="visually-hidden"> about the news of {formatCalendarDate(item.date)}</span>
          </a>
        </>
      )}
    </p>
  );
}

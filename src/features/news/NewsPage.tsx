import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';

import { formatCalendarDate } from '@/contract/dates';
import type { NewsPage as NewsPageData, NewsPageQuery } from '@/contract/news';
import { paths } from '@/contract/paths';
import { useGetNewsPageQuery } from '@/lib/api/newsApi';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, LoadingText, Muted, NewsText, NotFoundMessage, Page, Prose } from '@/ui';

import { newsPageQuery } from './pageData';

/** The items, each dated in a column of its own (above its text on a phone). */
const Items = styled.ol`
  max-width: ${theme.maxWidth.text};
  margin: ${theme.space[6]} 0 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: 7.5rem minmax(0, 1fr);
    gap: ${theme.space[4]};
    padding: ${theme.space[4]} 0;
    border-top: 1px solid ${theme.colors.border};
    @media (max-width: ${theme.breakpoints.phone}) {
      grid-template-columns: minmax(0, 1fr);
      gap: ${theme.space[1]};
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
const PageLinks = styled.nav`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  max-width: ${theme.maxWidth.text};
  margin-top: ${theme.space[6]};
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  a {
    padding: ${theme.space[2]} 0;
  }
  .newer {
    grid-column: 1;
  }
  .count {
    grid-column: 2;
    color: ${theme.colors.muted};
  }
  .older {
    grid-column: 3;
    justify-self: end;
  }
`;

const missing = (
  <Page>
    <NotFoundMessage />
  </Page>
);

/** Newer and Older, as `prev` and `next` of the series: the list runs newest first. */
function Pagination({ list }: { list: NewsPageData }) {
  if (list.pages <= 1) return null;
  return (
    <PageLinks aria-label="Pages">
      {list.page > 1 && (
        <Link className="newer" rel="prev" to={paths.newsPage(list.page - 1)}>
          <span aria-hidden="true">← </span>Newer
        </Link>
      )}
      <span className="count">{`Page ${list.page} of ${list.pages}`}</span>
      {list.page < list.pages && (
        <Link className="older" rel="next" to={paths.newsPage(list.page + 1)}>
          Older<span aria-hidden="true"> →</span>
        </Link>
      )}
    </PageLinks>
  );
}

function NewsList({ query }: { query: NewsPageQuery }) {
  const { currentData: list, isFetching, isError } = useGetNewsPageQuery(query);
  const notFound = list !== undefined && list.page > list.pages;
  useDocumentTitle(notFound ? '404' : 'News');
  if (notFound) return missing;
  return (
    <Page>
      <Prose>
        <h1>News</h1>
        <Muted>Papers accepted, talks given and other news, the newest first.</Muted>
      </Prose>
      {!list && isFetching && <LoadingText>Loading news...</LoadingText>}
      {isError && <Alert tone="error">Failed to load the news.</Alert>}
      {list?.items.length === 0 && <Muted>No news yet.</Muted>}
      {list && list.items.length > 0 && (
        <Items aria-label="News">
          {list.items.map((item) => (
            <li key={item.id}>
              <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
              <NewsText item={item} />
            </li>
          ))}
        </Items>
      )}
      {list && <Pagination list={list} />}
    </Page>
  );
}

/** Every news item, newest first, a page at a time. */
export function NewsPage() {
  const query = newsPageQuery(useParams());
  return query ? <NewsList query={query} /> : missing;
}

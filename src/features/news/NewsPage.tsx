import { useParams } from 'react-router-dom';
import styled from 'styled-components';

import { formatCalendarDate } from '@/contract/dates';
import type { NewsPageQuery } from '@/contract/news';
import { paths } from '@/contract/paths';
import { useGetNewsPageQuery } from '@/lib/api/newsApi';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, datedItems, LoadingText, Muted, NewerOlder, NewsText, NotFoundMessage, Page, Prose } from '@/ui';

import { newsPageQuery } from './pageData';

/** The items, each dated in a column of its own (above its text on a phone). */
const Items = styled.ol`
  max-width: ${theme.maxWidth.text};
  margin: ${theme.space[6]} 0 0;
  padding: 0;
  list-style: none;
  ${datedItems}
  li {
    padding: ${theme.space[4]} 0;
    border-top: 1px solid ${theme.colors.border};
    @media (max-width: ${theme.breakpoints.phone}) {
      gap: ${theme.space[1]};
    }
  }
`;
const Pagination = styled(NewerOlder)`
  max-width: ${theme.maxWidth.text};
  margin-top: ${theme.space[6]};
`;

const missing = (
  <Page>
    <NotFoundMessage />
  </Page>
);

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
      {list && <Pagination list={list} pageAt={paths.newsPage} />}
    </Page>
  );
}

/** Every news item, newest first, a page at a time. */
export function NewsPage() {
  const query = newsPageQuery(useParams());
  return query ? <NewsList query={query} /> : missing;
}

import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';

import type { NoteList, NoteListQuery } from '@/contract/notes';
import { paths } from '@/contract/paths';
import { isNotFound } from '@/lib/api/errors';
import { useGetNotesQuery } from '@/lib/api/notesApi';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, EntryMeta, LoadingText, Muted, NewerOlder, NotFoundMessage, Page, ruleAbove, titleLink } from '@/ui';

import { NoteDate, TagLinks } from './NoteMeta';
import { notesListQuery } from './pageData';

/** The list beside its tags on a wide screen; the tags under the list on a phone. */
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, ${theme.maxWidth.text}) minmax(10rem, 16rem);
  justify-content: space-between;
  gap: ${theme.space[7]};
  @media (max-width: ${theme.breakpoints.tablet}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
const Intro = styled.div`
  margin-bottom: ${theme.space[6]};
  p {
    margin: 0 0 ${theme.space[2]};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
`;
const Items = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  > li + li {
    ${ruleAbove(6, 6)}
  }
  h2 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.lg};
  }
  h2 a {
    ${titleLink}
  }
  p {
    margin: 0 0 ${theme.space[3]};
  }
`;
const Pagination = styled(NewerOlder)`
  gap: ${theme.space[4]};
  margin-top: ${theme.space[7]};
`;
const TagFilter = styled.nav`
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  h2 {
    margin-bottom: ${theme.space[3]};
    font-size: ${theme.fontSizes.md};
  }
  ul {
    margin: 0 0 ${theme.space[3]};
    padding: 0;
    list-style: none;
  }
  li a {
    display: inline-block;
    padding: ${theme.space[1]} 0;
  }
  a[aria-current='page'] {
    color: ${theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
`;

const missing = (
  <Page>
    <NotFoundMessage />
  </Page>
);

/** Every tag with how many notes carry it; the one shown is marked. */
function TagCounts({ tags, current }: { tags: NoteList['tags']; current?: string }) {
  if (tags.length === 0) return null;
  return (
    <TagFilter aria-labelledby="notes-tags">
      <h2 id="notes-tags">Tags</h2>
      <ul>
        {tags.map(({ tag, count }) => (
          <li key={tag}>
            <Link to={paths.notesTagged(tag)} aria-current={tag === current ? 'page' : undefined}>
              {tag} ({count})
            </Link>
          </li>
        ))}
      </ul>
      {current && <Link to={paths.notes}>All notes</Link>}
    </TagFilter>
  );
}

function NotesList({ query }: { query: NoteListQuery }) {
  const { currentData: list, isFetching, isError, error } = useGetNotesQuery(query);
  // A page past the end, or a tag no note carries.
  const notFound = (list !== undefined && list.page > list.pages) || isNotFound(error);
  useDocumentTitle(notFound ? '404' : 'Notes');
  if (notFound) return missing;
  const { tag } = query;
  return (
    <Page>
      <Columns>
        <div>
          <Intro>
            <h1>Notes</h1>
            {tag && (
              <p>
                Tagged <strong>{tag}</strong> · <Link to={paths.notes}>All notes</Link>
              </p>
            )}
            <p>
              Subscribe: <a href={paths.atomFeed}>Atom feed</a> · <a href={paths.jsonFeed}>JSON feed</a>
            </p>
          </Intro>
          {!list && isFetching && <LoadingText>Loading notes...</LoadingText>}
          {isError && <Alert tone="error">Failed to load notes.</Alert>}
          {list?.notes.length === 0 && <Muted>No notes yet.</Muted>}
          {list && list.notes.length > 0 && (
            <Items aria-label="Notes">
              {list.notes.map((note) => (
                <li key={note.slug}>
                  <h2>
                    <Link to={paths.note(note.slug)}>{note.title}</Link>
                  </h2>
                  <EntryMeta>
                    <NoteDate at={note.published_at} /> · {note.reading_minutes} min read
                  </EntryMeta>
                  {note.summary && <p>{note.summary}</p>}
                  <TagLinks tags={note.tags} />
                </li>
              ))}
            </Items>
          )}
          {list && <Pagination list={list} pageAt={(page) => (tag ? paths.notesTaggedPage(tag, page) : paths.notesPage(page))} />}
        </div>
        {list && <TagCounts tags={list.tags} current={tag} />}
      </Columns>
    </Page>
  );
}

/** The published notes, newest first, a page at a time, all of them or those with one tag. */
export function NotesPage() {
  const query = notesListQuery(useParams());
  return query ? <NotesList query={query} /> : missing;
}

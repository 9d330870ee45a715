import { Link, Navigate, useParams } from 'react-router-dom';
import styled from 'styled-components';

import { formatDate } from '@/contract/dates';
import type { NoteNotebook } from '@/contract/notebooks';
import type { PublicNote } from '@/contract/notes';
import { paths } from '@/contract/paths';
import { useGetNoteQuery } from '@/lib/api/notesApi';
import { htmlFrom } from '@/lib/htmlFrom';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, EntryMeta, LoadingText, MathStyles, NoteProse, NotFoundMessage, Page } from '@/ui';

import { FootNav } from './FootNav';
import { NoteContents, OUTLINE_MIN_HEADINGS } from './NoteContents';
import { NoteDate, TagLinks } from './NoteMeta';

/** The cover fills the text column: as wide as the viewport on a phone, at most 70ch (about 44rem) beyond. */
const COVER_SIZES = '(max-width: 46rem) 100vw, 44rem';

/** The notebook a note was made from, to download, with the kernel and last run its metadata names. */
function NotebookDownload({ notebook }: { notebook: NoteNotebook }) {
  const ran = [notebook.kernel && `Run with ${notebook.kernel}`, notebook.last_run && `last run ${formatDate(notebook.last_run)}`].filter(Boolean).join(', ');
  return (
    <p>
      <a href={notebook.url} download>
        Download the notebook (.ipynb)
      </a>
      {ran && ` · ${ran}.`}
    </p>
  );
}

/**
 * The reading column, centred, every part of the note lined up with its text; on a wide screen the
 * table of contents stands in the margin on its right, beside the body.
 */
const Article = styled.article`
  max-width: ${theme.maxWidth.text};
  margin: 0 auto;
  @media (min-width: ${theme.breakpoints.wide}) {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, ${theme.maxWidth.text}) minmax(0, 1fr);
    gap: 0 ${theme.space[7]};
    max-width: none;
    > * {
      grid-column: 2;
    }
    > nav {
      grid-column: 3;
      grid-row: 2;
      align-self: start;
    }
  }
`;
const Header = styled.header`
  margin-bottom: ${theme.space[6]};
  h1 {
    margin-bottom: ${theme.space[2]};
  }
`;
const Cover = styled.img`
  width: 100%;
  height: auto;
  margin-bottom: ${theme.space[6]};
  border-radius: ${theme.radii.md};
`;
const Neighbours = styled(FootNav)`
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  a {
    display: block;
    padding: ${theme.space[1]} 0;
  }
  small {
    display: block;
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
  }
  .next {
    grid-column: -2;
    text-align: right;
  }
`;

/** The notes published just before and after this one. */
function NeighbourLinks({ previous, next }: Pick<PublicNote, 'previous' | 'next'>) {
  if (!previous && !next) return null;
  return (
    <Neighbours aria-label="More notes">
      {previous && (
        <Link to={paths.note(previous.slug)}>
          <small>Previous</small>
          {previous.title}
        </Link>
      )}
      {next && (
        <Link className="next" to={paths.note(next.slug)}>
          <small>Next</small>
          {next.title}
        </Link>
      )}
    </Neighbours>
  );
}

/** One published note: its title, dates, tags and cover, then the body the server rendered. */
export function NotePage() {
  const { slug = '' } = useParams();
  const { currentData: note, isFetching } = useGetNoteQuery(slug);
  const missing = note === null;
  useDocumentTitle(missing ? '404' : note?.title);
  if (missing) {
    return (
      <Page>
        <NotFoundMessage />
      </Page>
    );
  }
  // A note asked for under an earlier address is shown under its own.
  if (note && note.slug !== slug) return <Navigate to={paths.note(note.slug)} replace />;
  if (!note) return <Page>{isFetching ? <LoadingText>Loading note...</LoadingText> : <Alert tone="error">Failed to load the note.</Alert>}</Page>;
  return <NoteArticle note={note} />;
}

/** The note itself, with a table of contents when it has enough sections to need one. */
function NoteArticle({ note }: { note: PublicNote }) {
  return (
    <Page>
      <Article>
        <Header>
          <h1>{note.title}</h1>
          <EntryMeta>
            <NoteDate at={note.published_at} />
            {note.revised_at && (
              <>
                {' · Updated '}
                <NoteDate at={note.revised_at} />
              </>
            )}
            {` · ${note.reading_minutes} min read`}
          </EntryMeta>
          <TagLinks tags={note.tags} />
        </Header>
        {note.outline.length >= OUTLINE_MIN_HEADINGS && <NoteContents outline={note.outline} />}
        {/* The body, in one grid cell: the table of contents beside it stays in view along all of it. */}
        <div>
          {note.cover && (
            <Cover
              src={note.cover.src}
              srcSet={note.cover.srcset}
              sizes={COVER_SIZES}
              width={note.cover.width}
              height={note.cover.height}
              alt={note.cover.alt}
            />
          )}
          <MathStyles html={note.html} />
          <NoteProse {...htmlFrom(note.html)} />
          {note.notebook && <NotebookDownload notebook={note.notebook} />}
          <NeighbourLinks previous={note.previous} next={note.next} />
        </div>
      </Article>
    </Page>
  );
}

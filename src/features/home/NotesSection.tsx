import { Link } from 'react-router-dom';

import { formatCalendarDate } from '@/contract/dates';
import { paths } from '@/contract/paths';
import { useGetNotesQuery } from '@/lib/api/notesApi';

import { ItemNote } from './DatedList';
import { LatestSection } from './LatestSection';
import { homeNotesQuery } from './queries';

/** The latest notes under the owner's introduction; nothing at all until there are some. */
export function NotesSection() {
  const notes = useGetNotesQuery(homeNotesQuery).data?.notes ?? [];
  return (
    <LatestSection id="home-notes" title="Notes" all={{ to: paths.notes, label: 'All notes' }}>
      {notes.map((note) => (
        <li key={note.slug}>
          {/* The UTC calendar day, so that the server's page and the browser agree. */}
          <time dateTime={note.published_at}>{formatCalendarDate(note.published_at.slice(0, 10))}</time>
          <div>
            <Link to={paths.note(note.slug)}>{note.title}</Link>
            {note.summary && <ItemNote>{note.summary}</ItemNote>}
          </div>
        </li>
      ))}
    </LatestSection>
  );
}

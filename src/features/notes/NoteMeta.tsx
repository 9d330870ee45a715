import { Link } from 'react-router-dom';

import { formatCalendarDate } from '@/contract/dates';
import { paths } from '@/contract/paths';
import { TagList } from '@/ui';

/** A note's date as every reader sees it: the UTC calendar day, so that the server's page and the browser agree. */
export function NoteDate({ at }: { at: string }) {
  return <time dateTime={at}>{formatCalendarDate(at.slice(0, 10))}</time>;
}

/** A note's tags, each leading to the notes that carry it. */
export function TagLinks({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <TagList aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={paths.notesTagged(tag)}>{tag}</Link>
        </li>
      ))}
    </TagList>
  );
}

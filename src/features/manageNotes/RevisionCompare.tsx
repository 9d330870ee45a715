import styled from 'styled-components';

import { formatDateTime } from '@/contract/dates';
import type { NoteRevision } from '@/contract/notes';
import { theme } from '@/lib/theme/themes';
import { Modal, Muted } from '@/ui';

import { aroundChanges, lineDiff } from './lineDiff';

const Lines = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  line-height: 1.5;
  li {
    padding: 0 ${theme.space[2]};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  del,
  ins {
    display: block;
    text-decoration: none;
  }
  .removed {
    background: ${theme.colors.dangerSurface};
  }
  .added {
    background: ${theme.colors.successSurface};
  }
  .gap {
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
  }
`;

const Titles = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${theme.space[1]} ${theme.space[3]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const MARK = { same: ' ', removed: '−', added: '+' } as const;

/** The body's lines that differ between a revision and the editor's text, with a few unchanged ones around each change. */
function BodyDiff({ before, after }: { before: string; after: string }) {
  const lines = aroundChanges(lineDiff(before, after));
  if (lines.every((line) => line.kind !== 'removed' && line.kind !== 'added')) return <Muted>The text is the same.</Muted>;
  return (
    <Lines aria-label="Changes to the text">
      {lines.map((line, index) => {
        if (line.kind === 'gap')
          return (
            <li key={index} className="gap">
              … {line.count} unchanged {line.count === 1 ? 'line' : 'lines'}
            </li>
          );
        const text = `${MARK[line.kind]} ${line.text}`;
        return (
          <li key={index} className={line.kind}>
            {line.kind === 'removed' ? (
              <del>
                <span className="visually-hidden">Only in the revision: </span>
                {text}
              </del>
            ) : line.kind === 'added' ? (
              <ins>
                <span className="visually-hidden">Only in your text: </span>
                {text}
              </ins>
            ) : (
              text
            )}
          </li>
        );
      })}
    </Lines>
  );
}

/** A revision beside the editor's current title and text: what restoring it would change. */
export function RevisionCompare({
  revision,
  current,
  onClose,
}: {
  revision: NoteRevision | null;
  current: { title: string; body: string };
  onClose: () => void;
}) {
  return (
    <Modal title={revision ? `Revision of ${formatDateTime(revision.saved_at)}` : 'Revision'} open={revision !== null} onClose={onClose}>
      {revision && (
        <>
          <Titles>
            <dt>Title then</dt>
            <dd>{revision.title || 'Untitled'}</dd>
            <dt>Title now</dt>
            <dd>{current.title || 'Untitled'}</dd>
          </Titles>
          <Muted>Lines marked − are only in the revision; lines marked + only in your text now, unsaved edits included.</Muted>
          <BodyDiff before={revision.body} after={current.body} />
        </>
      )}
    </Modal>
  );
}

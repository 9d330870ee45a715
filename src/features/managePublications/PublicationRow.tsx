import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import type { Document } from '@/contract';
import type { ListedPublication } from '@/contract/publications';
import { theme } from '@/lib/theme/themes';
import { Button, CheckboxField, MathTitle, Row, SelectField, TextAreaField } from '@/ui';

const Item = styled.li`
  padding: ${theme.space[4]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  list-style: none;
  h3 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.md};
  }
  code {
    font-size: ${theme.fontSizes.xs};
  }
`;
const Settings = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${theme.space[4]};
  align-items: center;
  margin: ${theme.space[3]} 0;
  @media (max-width: ${theme.breakpoints.phone}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Marks = styled.div`
  display: grid;
  gap: ${theme.space[2]};
`;

export interface RowActions {
  onMove: (offset: -1 | 1) => void;
  onChange: (change: { bibtex?: string; is_working_paper?: boolean; document?: number | null; selected?: boolean }) => Promise<boolean>;
  onDelete: () => void;
  /** Called once the row has taken the focus that refocusAfterMove asked for. */
  onRefocused: () => void;
}

/**
 * One publication on the staff screen: its settings, its BibTeX for editing, its place among the papers
 * of its year and removal. `refocusAfterMove` is the move just made, once the row stands in its new
 * place: the focus goes back to that move's button, or to the other one when this one is now disabled.
 */
export function PublicationRow({
  publication,
  documents,
  canMoveUp,
  canMoveDown,
  busy,
  refocusAfterMove,
  actions,
}: {
  publication: ListedPublication;
  documents: Document[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  busy: boolean;
  refocusAfterMove?: -1 | 1;
  actions: RowActions;
}) {
  const [editing, setEditing] = useState(false);
  const [source, setSource] = useState(publication.bibtex);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const { onRefocused } = actions;
  useEffect(() => {
    if (refocusAfterMove === undefined) return;
    const up = refocusAfterMove === -1 ? canMoveUp : !canMoveDown;
    (up ? upButton : downButton).current?.focus();
    onRefocused();
  }, [refocusAfterMove, canMoveUp, canMoveDown, onRefocused]);
  const name = publication.title_text;
  return (
    <Item aria-label={name}>
      <h3>
        <MathTitle html={publication.title_html} text={publication.title_text} />
      </h3>
      <p>
        {[publication.authors.join(', '), publication.venue, publication.year].filter(Boolean).join(' · ')} <code>{publication.cite_key}</code>
      </p>
      <Settings>
        <Marks>
          <CheckboxField
            label="Working paper"
            checked={publication.is_working_paper}
            disabled={busy}
            onChange={(event) => void actions.onChange({ is_working_paper: event.target.checked })}
          />
          <CheckboxField
            label="Selected for the home page"
            checked={publication.selected}
            disabled={busy}
            onChange={(event) => void actions.onChange({ selected: event.target.checked })}
          />
        </Marks>
        <SelectField
          label="Attached paper"
          value={publication.document ?? ''}
          disabled={busy}
          onChange={(event) => void actions.onChange({ document: event.target.value ? Number(event.target.value) : null })}
          options={documents.map((document) => [document.id, document.category_name ? `${document.name} (${document.category_name})` : document.name])}
        >
          <option value="">None</option>
        </SelectField>
      </Settings>
      {editing && (
        <form
          aria-label={`BibTeX of ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void actions.onChange({ bibtex: source }).then((saved) => saved && setEditing(false));
          }}
        >
          <TextAreaField label="BibTeX entry" value={source} rows={10} onChange={(event) => setSource(event.target.value)} />
          <Row>
            <Button type="submit" $size="sm" disabled={busy}>
              Save entry
            </Button>
            <Button
              $variant="secondary"
              $size="sm"
              onClick={() => {
                setSource(publication.bibtex);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </Row>
        </form>
      )}
      <Row>
        {!editing && (
          <Button $variant="secondary" $size="sm" onClick={() => setEditing(true)} aria-label={`Edit BibTeX of ${name}`}>
            Edit BibTeX
          </Button>
        )}
        <Button ref={upButton} $variant="secondary" $size="sm" disabled={!canMoveUp || busy} onClick={() => actions.onMove(-1)} aria-label={`Move up: ${name}`}>
          Move up
        </Button>
        <Button
          ref={downButton}
          $variant="secondary"
          $size="sm"
          disabled={!canMoveDown || busy}
          onClick={() => actions.onMove(1)}
          aria-label={`Move down: ${name}`}
        >
          Move down
        </Button>
        {confirmingDelete ? (
          <>
            <Button $variant="danger" $size="sm" disabled={busy} onClick={actions.onDelete} aria-label={`Confirm delete: ${name}`}>
              Confirm delete
            </Button>
            <Button $variant="ghost" $size="sm" onClick={() => setConfirmingDelete(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button $variant="danger" $size="sm" onClick={() => setConfirmingDelete(true)} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        )}
      </Row>
    </Item>
  );
}

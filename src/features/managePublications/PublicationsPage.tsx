import { useCallback, useState } from 'react';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { useGetPublicationsQuery } from '@/lib/api/publicationsApi';
import { useDeletePublicationMutation, useReorderPublicationsMutation, useUpdatePublicationMutation } from '@/lib/api/publicationsManageApi';
import { PathLink } from '@/lib/PathLink';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, FormAlert, type FormMessage, LoadingText, Muted, Page, Stack, StaffIntro } from '@/ui';

import { ImportForm } from './ImportForm';
import { PublicationRow } from './PublicationRow';

export const PUBLICATIONS_MESSAGES = {
  updated: 'Publication updated.',
  deleted: 'Publication deleted.',
  moved: 'Order saved.',
  updateFailed: 'Failed to update the publication.',
  deleteFailed: 'Failed to delete the publication.',
  moveFailed: 'Failed to save the order.',
  loadFailed: 'Failed to load publications.',
} as const;

const List = styled.ul`
  margin: 0;
  padding: 0;
`;

/** A move just asked for: the entry, which way, and the place in the list where it lands. */
interface Move {
  id: number;
  offset: -1 | 1;
  index: number;
}

/** Staff screen for the Research page: import from BibTeX, then mark, attach, edit, order and delete. */
export function PublicationsPage() {
  useDocumentTitle('Publications');
  const publications = useGetPublicationsQuery();
  const documents = useGetDocumentsQuery();
  const [update, updating] = useUpdatePublicationMutation();
  const [remove, removing] = useDeletePublicationMutation();
  const [reorder, reordering] = useReorderPublicationsMutation();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [moved, setMoved] = useState<Move | null>(null);
  const refocused = useCallback(() => setMoved(null), []);
  const busy = updating.isLoading || removing.isLoading || reordering.isLoading;
  const list = publications.data ?? [];

  const run = async (call: () => Promise<unknown>, success: string, failure: string, fields: string[] = ['detail']) => {
    try {
      await call();
      setMessage({ tone: 'success', text: success });
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(failure, error, fields) });
      return false;
    }
  };

  return (
    <Page>
      <Stack>
        <StaffIntro title="Publications">
          What the <PathLink to={paths.research}>Research</PathLink> page lists. Papers are listed by year, newest first; within a year, in the order you set
          here. Working papers are shown apart, and the papers selected for the home page are listed there under the introduction.
        </StaffIntro>
        <ImportForm />
        <section aria-labelledby="publications-heading">
          <h2 id="publications-heading">On the site</h2>
          <FormAlert message={message} onDismiss={() => setMessage(null)} />
          {publications.isLoading && <LoadingText>Loading publications...</LoadingText>}
          {publications.isError && <Alert tone="error">{failureMessage(PUBLICATIONS_MESSAGES.loadFailed, publications.error)}</Alert>}
          {publications.isSuccess && list.length === 0 && <Muted>No publications yet. Import a BibTeX file to add them.</Muted>}
          <List>
            {list.map((publication, index) => (
              <PublicationRow
                key={publication.id}
                publication={publication}
                documents={documents.data ?? []}
                // The list comes by year, newest first: an entry moves only among the papers of its year.
                canMoveUp={list[index - 1]?.year === publication.year}
                canMoveDown={list[index + 1]?.year === publication.year}
                busy={busy}
                // Once the moved entry stands in its new place (the list reloaded) and its buttons work again.
                refocusAfterMove={moved?.id === publication.id && moved.index === index && !busy ? moved.offset : undefined}
                actions={{
                  onChange: (change) =>
                    run(() => update({ id: publication.id, ...change }).unwrap(), PUBLICATIONS_MESSAGES.updated, PUBLICATIONS_MESSAGES.updateFailed, [
                      'bibtex',
                      'document',
                      'detail',
                    ]),
                  onDelete: () => void run(() => remove(publication.id).unwrap(), PUBLICATIONS_MESSAGES.deleted, PUBLICATIONS_MESSAGES.deleteFailed),
                  onMove: (offset) => {
                    const ids = list.map((entry) => entry.id);
                    [ids[index], ids[index + offset]] = [ids[index + offset], ids[index]];
                    setMoved({ id: publication.id, offset, index: index + offset });
                    // A refused move leaves the focus to the alert that says so.
                    void run(() => reorder({ ids }).unwrap(), PUBLICATIONS_MESSAGES.moved, PUBLICATIONS_MESSAGES.moveFailed).then(
                      (saved) => saved || setMoved(null),
                    );
                  },
                  onRefocused: refocused,
                }}
              />
            ))}
          </List>
        </section>
      </Stack>
    </Page>
  );
}

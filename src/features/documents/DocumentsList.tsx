import { useState } from 'react';
import styled from 'styled-components';

import type { Document } from '@/contract';
import { useDeleteDocumentMutation, useMarkCurrentMutation } from '@/lib/api/documentsApi';
import { formatDate } from '@/lib/dates';
import { theme } from '@/lib/theme/themes';
import { Button, ButtonLink, Card, DeleteButton, FormAlert, type FormMessage, Muted, Row, Table } from '@/ui';

const Description = styled.span`
  display: block;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
`;
const CurrentBadge = styled.span`
  display: inline-block;
  justify-self: start;
  padding: 0 ${theme.space[2]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.successSurface};
  color: ${theme.colors.success};
  font-weight: 600;
`;

function markCurrentQuestion(document: Document): string {
  return `Mark "${document.name}" as the current document? This will unmark any other current documents in the same category (${document.category_name ?? 'no category'}).`;
}

/** The uploaded documents with their Mark Current, download and delete actions. */
export function DocumentsList({ documents }: { documents: Document[] }) {
  const [markCurrent] = useMarkCurrentMutation();
  const [deleteDocument] = useDeleteDocumentMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function onMarkCurrent(document: Document) {
    if (document.category === null || !window.confirm(markCurrentQuestion(document))) return;
    setMessage(null);
    setBusyId(document.id);
    try {
      await markCurrent({ id: document.id, category: document.category }).unwrap();
      setMessage({ tone: 'success', text: 'Document marked as current!' });
    } catch {
      setMessage({ tone: 'error', text: 'Failed to mark document as current.' });
    } finally {
      setBusyId(null);
    }
  }

  async function onDelete(document: Document) {
    if (!window.confirm(`Are you sure you want to delete "${document.name}"? This cannot be undone.`)) return;
    setMessage(null);
    setBusyId(document.id);
    try {
      await deleteDocument({ id: document.id, is_current: document.is_current }).unwrap();
    } catch {
      setMessage({ tone: 'error', text: 'Failed to delete document.' });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Card aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      <FormAlert message={message} />
      {documents.length === 0 ? (
        <Muted>No documents uploaded yet.</Muted>
      ) : (
        <Table columns={['Name', 'Category', 'Uploaded', 'Status', 'Actions']}>
          <tbody>
            {documents.map((document) => (
              <tr key={document.id}>
                <td data-label="Name">
                  <span>
                    {document.name}
                    {document.description && <Description>{document.description}</Description>}
                  </span>
                </td>
                <td data-label="Category">{document.category_name ?? 'No category'}</td>
                <td data-label="Uploaded">{formatDate(document.uploaded_at)}</td>
                <td data-label="Status">{document.is_current ? <CurrentBadge>Current</CurrentBadge> : 'Not current'}</td>
                <td data-label="Actions">
                  <Row $gap={2}>
                    <ButtonLink $variant="secondary" $size="sm" href={document.download_url}>
                      Download<span className="visually-hidden"> {document.name}</span>
                    </ButtonLink>
                    <Button
                      $variant="secondary"
                      $size="sm"
                      disabled={document.is_current || document.category === null || busyId === document.id}
                      onClick={() => void onMarkCurrent(document)}
                    >
                      Mark Current<span className="visually-hidden"> {document.name}</span>
                    </Button>
                    <DeleteButton name={document.name} disabled={busyId === document.id} onClick={() => void onDelete(document)} />
                  </Row>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

import { useState } from 'react';
import styled from 'styled-components';

import type { Document, DocumentCategory } from '@/contract';
import { formatDate } from '@/contract/dates';
import { useDeleteDocumentMutation, useMarkCurrentMutation, useUnmarkCurrentMutation } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { theme } from '@/lib/theme/themes';
import { ButtonLink, Card, DeleteButton, FormAlert, type FormMessage, ItemButton, Muted, Row, Table } from '@/ui';

import { DocumentEditModal } from './DocumentEditModal';
import { isCvCategory, NameCell } from './parts';
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

function unmarkCurrentQuestion(document: Document): string {
  const category = document.category_name ?? 'its category';
  const cv = isCvCategory(document.category_name) ? ' The CV page offers no CV download until another document is marked current.' : '';
  return `Unmark "${document.name}" as the current document? ${category} will have no current document.${cv}`;
}

/** The uploaded documents with their download, edit, Mark Current, unmark and delete actions. */
export function DocumentsList({ documents, categories }: { documents: Document[]; categories: DocumentCategory[] }) {
  const [markCurrent] = useMarkCurrentMutation();
  const [unmarkCurrent] = useUnmarkCurrentMutation();
  const [deleteDocument] = useDeleteDocumentMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  // The document being edited, found in the latest list so that the dialog shows its current file.
  const [editingId, setEditingId] = useState<number | null>(null);
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

  async function onUnmarkCurrent(document: Document) {
    if (!window.confirm(unmarkCurrentQuestion(document))) return;
    setMessage(null);
    setBusyId(document.id);
    try {
      await unmarkCurrent({ id: document.id }).unwrap();
      setMessage({ tone: 'success', text: 'Document unmarked as current!' });
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage('Failed to unmark document as current.', failure) });
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

  function startEditing(document: Document) {
    setMessage(null);
    setEditingId(document.id);
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
                <NameCell name={document.name} description={document.description} />
                <td data-label="Category">{document.category_name ?? 'No category'}</td>
                <td data-label="Uploaded">{formatDate(document.uploaded_at)}</td>
                <td data-label="Status">{document.is_current ? <CurrentBadge>Current</CurrentBadge> : 'Not current'}</td>
                <td data-label="Actions">
                  <Row $gap={2}>
                    <ButtonLink $variant="secondary" $size="sm" href={document.download_url}>
                      Download<span className="visually-hidden"> {document.name}</span>
                    </ButtonLink>
                    <ItemButton action="Edit" name={document.name} disabled={busyId === document.id} onClick={() => startEditing(document)} />
                    <ItemButton
                      action="Mark Current"
                      name={document.name}
                      disabled={document.is_current || document.category === null || busyId === document.id}
                      onClick={() => void onMarkCurrent(document)}
                    />
                    {document.is_current && (
                      <ItemButton
                        action="Unmark Current"
                        name={document.name}
                        disabled={busyId === document.id}
                        onClick={() => void onUnmarkCurrent(document)}
                      />
                    )}
                    <DeleteButton name={document.name} disabled={busyId === document.id} onClick={() => void onDelete(document)} />
                  </Row>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <DocumentEditModal
        item={documents.find((document) => document.id === editingId) ?? null}
        categories={categories}
        onClose={() => setEditingId(null)}
        onSaved={() => {
          setEditingId(null);
          setMessage({ tone: 'success', text: 'Document updated successfully!' });
        }}
      />
    </Card>
  );
}

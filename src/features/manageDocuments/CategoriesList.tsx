import { useEffect, useRef, useState } from 'react';

import type { DocumentCategory } from '@/contract';
import { Card, DeleteButton, FormAlert, type FormMessage, ItemButton, Muted, Row, Table } from '@/ui';

import { CategoryRenameModal } from './CategoryRenameModal';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';
import { NameCell } from './parts';

const documentsCount = (count: number) => (count === 1 ? '1 document' : `${count} documents`);

/** The document categories with how many documents each holds, and their Rename and Delete actions. */
export function CategoriesList({ categories }: { categories: DocumentCategory[] }) {
  // Ids, not copies: the dialogs follow the latest list (a count changed by a refused delete, say).
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [deletions, setDeletions] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const find = (id: number | null) => categories.find((category) => category.id === id) ?? null;
  /** Opens a dialog on a category; the last message goes. */
  const open = (dialog: (id: number) => void, category: DocumentCategory) => {
    setMessage(null);
    dialog(category.id);
  };

  // A deleted category's row takes its Delete button along: keyboard users continue from the heading.
  // This runs after the dialog has closed and handed the focus back.
  useEffect(() => {
    if (deletions > 0) heading.current?.focus();
  }, [deletions]);

  return (
    <Card aria-labelledby="categories-heading">
      <h2 id="categories-heading" ref={heading} tabIndex={-1}>
        Categories
      </h2>
      <FormAlert message={message} onDismiss={() => setMessage(null)} />
      {categories.length === 0 ? (
        <Muted>No categories yet.</Muted>
      ) : (
        <Table columns={['Name', 'Documents', 'Actions']}>
          <tbody>
            {categories.map((category) => (
              <tr key={category.id}>
                <NameCell name={category.name} description={category.description} />
                <td data-label="Documents">{documentsCount(category.document_count)}</td>
                <td data-label="Actions">
                  <Row $gap={2}>
                    <ItemButton action="Rename" name={category.name} onClick={() => open(setRenamingId, category)} />
                    <DeleteButton name={category.name} onClick={() => open(setDeletingId, category)} />
                  </Row>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CategoryRenameModal
        item={find(renamingId)}
        onClose={() => setRenamingId(null)}
        onSaved={() => {
          setRenamingId(null);
          setMessage({ tone: 'success', text: 'Category updated successfully!' });
        }}
      />
      <DeleteCategoryDialog
        item={find(deletingId)}
        categories={categories}
        onClose={() => setDeletingId(null)}
        onDeleted={() => {
          setDeletingId(null);
          setMessage({ tone: 'success', text: 'Category deleted successfully!' });
          setDeletions((count) => count + 1);
        }}
      />
    </Card>
  );
}

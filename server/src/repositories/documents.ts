import type { Document } from '../../contract';
import type { Db } from '../db';
import type { DocumentRow } from '../db/schema';

/**
 * The CV category is the document category named `CV`, in any capitalisation; its current
 * document is the CV page's download. Category names are unique regardless of case, so there
 * is at most one such category and at most one current CV.
 */
export const CV_CATEGORY_NAME = 'cv';

export type DocumentWithCategory = DocumentRow & { category_name: string | null };

export function selectDocuments(db: Db) {
  return db
    .selectFrom('documents')
    .leftJoin('document_categories', 'document_categories.id', 'documents.category_id')
    .selectAll('documents')
    .select('document_categories.name as category_name');
}

export function findCurrentCv(db: Db): Promise<DocumentWithCategory | undefined> {
  return selectDocuments(db)
    .where('documents.is_current', '=', 1)
    .where((eb) => eb(eb.fn('lower', ['document_categories.name']), '=', CV_CATEGORY_NAME))
    .executeTakeFirst();
}

export function isCurrentCv(row: DocumentWithCategory): boolean {
  return row.is_current === 1 && row.category_name?.toLowerCase() === CV_CATEGORY_NAME;
}

/** The API shape; `file` and `download_url` are the same link (documents are never public files). */
export function toDocument(row: DocumentWithCategory, downloadUrl: string): Document {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category_id,
    category_name: row.category_name,
    is_current: row.is_current === 1,
    uploaded_at: row.uploaded_at,
    download_url: downloadUrl,
    file: downloadUrl,
    original_filename: row.original_filename,
    content_type: row.content_type,
    size: row.size,
  };
}

import type { Insertable } from 'kysely';

import type { Document } from '../../contract';
import type { Db, Dialect } from '../db';
import { nowIso } from '../db/columns';
import type { DocumentRow, DocumentsTable } from '../db/schema';
import { type AuditActor, deleteOneDetaching, recordAudit } from './audit';
import { forgetPendingUploads } from './storedFiles';

/**
 * The CV category is the document category named `CV`, in any capitalisation; its current
 * document is the CV page's download. Category names are unique regardless of case, so there
 * is at most one such category and at most one current CV.
 */
export const CV_CATEGORY_NAME = 'cv';

export type DocumentWithCategory = DocumentRow & { category_name: string | null };

function selectDocuments(db: Db) {
  return db
    .selectFrom('documents')
    .leftJoin('document_categories', 'document_categories.id', 'documents.category_id')
    .selectAll('documents')
    .select('document_categories.name as category_name');
}

export function findDocument(db: Db, id: number): Promise<DocumentWithCategory | undefined> {
  return selectDocuments(db).where('documents.id', '=', id).executeTakeFirst();
}

/** Every document, newest first. */
export function listDocuments(db: Db): Promise<DocumentWithCategory[]> {
  return selectDocuments(db).orderBy('documents.uploaded_at', 'desc').orderBy('documents.id', 'desc').execute();
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

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('document_categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Takes the category's lock on PostgreSQL (SQLite runs one write transaction at a time anyway), so
 * that writes which decide a category's current document run one after the other.
 */
async function lockCategory(trx: Db, dialect: Dialect, categoryId: number): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('document_categories').select('id').where('id', '=', categoryId).forUpdate().execute();
  }
}

/**
 * Makes room for a new current document in the category (whose lock the caller holds): unmarks the
 * others. Two Mark Current calls for one category therefore run one after the other, and the partial
 * unique index stands guard should anything slip past.
 */
async function unmarkOthers(trx: Db, categoryId: number, exceptId?: number): Promise<void> {
  let update = trx.updateTable('documents').set({ is_current: 0 }).where('category_id', '=', categoryId).where('is_current', '=', 1);
  if (exceptId !== undefined) update = update.where('id', '!=', exceptId);
  await update.execute();
}

/** What a write needs: the database and which engine it is (for the category lock). */
type Site = { db: Db; dialect: Dialect };

/**
 * Records an uploaded document (its file is already stored, as a pending upload), taking the current
 * mark from the others if asked.
 */
export function createDocument(site: Site, actor: AuditActor, values: Omit<Insertable<DocumentsTable>, 'uploaded_at'>): Promise<number> {
  return site.db.transaction().execute(async (trx) => {
    if (values.is_current === 1 && values.category_id) {
      await lockCategory(trx, site.dialect, values.category_id);
      await unmarkOthers(trx, values.category_id);
    }
    const row = await trx
      .insertInto('documents')
      .values({ ...values, uploaded_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await forgetPendingUploads(trx, [values.file_key]);
    await recordAudit(trx, actor, 'document.uploaded', `document ${row.id} "${values.name}"`, values.is_current === 1 ? 'current' : '');
    return row.id;
  });
}

/** A document's stored file, as its row describes it. */
export type DocumentFile = Pick<DocumentRow, 'file_key' | 'original_filename' | 'content_type' | 'size'>;

/** What an edit sets: the words, the category, the current mark and, when replaced, the file. */
export interface DocumentChange {
  name: string;
  description: string;
  categoryId: number | null;
  isCurrent: boolean;
  /** A replacement already stored, as a pending upload. */
  file?: DocumentFile;
}

/** The edit's line of the trail: its most telling event, with everything it changed in the details. */
function editAuditLine(before: DocumentRow, change: DocumentChange): [action: string, subject: string, details: string] {
  const { name, categoryId, isCurrent, file } = change;
  const becameCurrent = isCurrent && (before.is_current === 0 || categoryId !== before.category_id);
  const unmarked = !isCurrent && before.is_current === 1;
  let action = 'document.updated';
  if (becameCurrent) action = 'document.marked_current';
  else if (unmarked) action = 'document.unmarked_current';
  else if (file) action = 'document.replaced';
  const details = [`category ${categoryId ?? 'none'}`];
  if (categoryId !== before.category_id) details.push(`moved from category ${before.category_id ?? 'none'}`);
  if (name !== before.name) details.push(`renamed from "${before.name}"`);
  if (file) details.push(`file "${file.original_filename}" replaced "${before.original_filename}"`);
  return [action, `document ${before.id} "${name}"`, details.join('; ')];
}

/**
 * Edits a document's name, description, category and current mark, and points it at a replacement
 * file when given (a replaced file's upload date is the document's). Answers the row as it was before
 * the edit, whose file the caller removes once replaced; undefined when the document is gone.
 */
export function updateDocument(site: Site, actor: AuditActor, id: number, change: DocumentChange): Promise<DocumentRow | undefined> {
  const { name, description, categoryId, isCurrent, file } = change;
  return site.db.transaction().execute(async (trx) => {
    // The category's lock before the document's, in the order uploads and Mark Current take them.
    if (categoryId !== null) await lockCategory(trx, site.dialect, categoryId);
    let read = trx.selectFrom('documents').selectAll().where('id', '=', id);
    // Read under the row's lock: two replacements at once must each remove the file the other did not keep.
    if (site.dialect === 'postgres') read = read.forUpdate();
    const before = await read.executeTakeFirst();
    if (!before) return undefined;
    if (isCurrent && categoryId !== null) await unmarkOthers(trx, categoryId, id);
    await trx
      .updateTable('documents')
      .set({ name, description, category_id: categoryId, is_current: isCurrent ? 1 : 0, ...(file && { ...file, uploaded_at: nowIso() }) })
      .where('id', '=', id)
      .execute();
    if (file) await forgetPendingUploads(trx, [file.file_key]);
    await recordAudit(trx, actor, ...editAuditLine(before, change));
    return before;
  });
}

/**
 * Deletes the document's row (the caller removes its file) and detaches it from the publications it
 * was the paper of (`detached` of them); undefined when there was none.
 */
export function deleteDocument(db: Db, actor: AuditActor, id: number) {
  return deleteOneDetaching(db, actor, 'documents', id, (row) => ['document.deleted', `document ${id} "${row.name}"`]);
}

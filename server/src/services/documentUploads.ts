import type { FastifyInstance } from 'fastify';

import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import type { ChangeTopic } from '../plugins/changes';
import { createDocument, deleteDocument, type DocumentWithCategory, findDocument, updateDocument } from '../repositories/documents';
import { randomName, storageKey } from '../storage';
import { DOCUMENT_TYPES, type DocumentKind, downloadFileName } from './documents';
import { abandonUpload, removeFiles, storeUpload } from './uploadedFiles';

type Site = Pick<FastifyInstance, 'db' | 'dialect' | 'storage' | 'changes' | 'log'>;
type Actor = Pick<UserRow, 'id' | 'email'>;

/**
 * The document as saved, or why it was not: its category gone meanwhile, another document of the
 * category marked current at the same moment, or the document itself gone.
 */
export type DocumentOutcome = { document: DocumentWithCategory } | { refused: 'categoryMissing' | 'concurrentChange' | 'notFound' };

/** What staff say about a document. */
export interface DocumentText {
  name: string;
  description: string;
  categoryId: number | null;
  isCurrent: boolean;
}

/** A write's refusal by the database, when it is one a visitor can act on. */
function refusal(error: unknown): DocumentOutcome | undefined {
  if (isForeignKeyViolation(error)) return { refused: 'categoryMissing' };
  if (isUniqueViolation(error)) return { refused: 'concurrentChange' };
  return undefined;
}

/** The current CV is the current document of a category: what can change which one it is, or what it shows. */
const cvTopics = (cvMayChange: boolean): ChangeTopic[] => (cvMayChange ? ['Document', 'CurrentCv'] : ['Document']);

/** A new document from an upload whose kind the content showed. */
export async function addDocument(
  site: Site,
  actor: Actor,
  text: DocumentText,
  upload: { filename: string; data: Buffer; kind: DocumentKind },
): Promise<DocumentOutcome> {
  const { contentType, extension } = DOCUMENT_TYPES[upload.kind];
  const fileKey = storageKey('documents', randomName(), extension);
  await storeUpload(site, [{ key: fileKey, data: upload.data }]);
  let id: number;
  try {
    id = await createDocument(site, actor, {
      name: text.name,
      description: text.description,
      category_id: text.categoryId,
      is_current: text.isCurrent ? 1 : 0,
      file_key: fileKey,
      original_filename: downloadFileName(upload.filename, upload.kind),
      content_type: contentType,
      size: upload.data.length,
    });
  } catch (error) {
    await abandonUpload(site, [fileKey]);
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
  site.changes.publish(...cvTopics(text.isCurrent));
  return { document: (await findDocument(site.db, id))! };
}

/** Edits a document's words, category and current mark. */
export async function editDocument(site: Site, actor: Actor, existing: DocumentWithCategory, text: DocumentText): Promise<DocumentOutcome> {
  const { name, description, categoryId, isCurrent } = text;
  const categoryChanged = categoryId !== existing.category_id;
  const becameCurrent = isCurrent && (existing.is_current === 0 || categoryChanged);
  try {
    const updated = await updateDocument(site, actor, existing.id, { name, description, categoryId, isCurrent, becameCurrent });
    if (!updated) return { refused: 'notFound' };
  } catch (error) {
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
  // `existing` was read before the write: a concurrent edit may have changed the current mark since, so
  // an edit always announces the current CV too (one page drawn again at most).
  site.changes.publish(...cvTopics(true));
  return { document: (await findDocument(site.db, existing.id))! };
}

/** Deletes a document and its file, detaching it from its publications; false when there was none. */
export async function removeDocument(site: Site, actor: Actor, id: number): Promise<boolean> {
  const deleted = await deleteDocument(site.db, actor, id);
  if (!deleted) return false;
  site.changes.publish(...cvTopics(deleted.is_current === 1), ...(deleted.detachedPublications > 0 ? (['Publication'] as const) : []));
  await removeFiles(site, [deleted.file_key], 'document file');
  return true;
}

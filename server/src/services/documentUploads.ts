import type { FastifyInstance } from 'fastify';

import type { DataTag } from '../../contract/changes';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import type { DocumentRow } from '../db/schema';
import type { AuditActor } from '../repositories/audit';
import { createDocument, deleteDocument, type DocumentFile, type DocumentWithCategory, findDocument, updateDocument } from '../repositories/documents';
import { randomName, storageKey } from '../storage';
import { DOCUMENT_TYPES, type DocumentKind, downloadFileName } from './documents';
import { abandonUpload, removeFiles, storeUpload } from './uploadedFiles';

type Site = Pick<FastifyInstance, 'db' | 'dialect' | 'storage' | 'changes' | 'log'>;

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
const cvTopics = (cvMayChange: boolean): DataTag[] => (cvMayChange ? ['Document', 'CurrentCv'] : ['Document']);

/** An upload whose kind the content showed. */
export interface DocumentUpload {
  filename: string;
  data: Buffer;
  kind: DocumentKind;
}

/** Stores an upload under a fresh random key, as a pending upload until a row points at it. */
async function storeDocumentFile(site: Site, upload: DocumentUpload): Promise<DocumentFile> {
  const { contentType, extension } = DOCUMENT_TYPES[upload.kind];
  const file: DocumentFile = {
    file_key: storageKey('documents', randomName(), extension),
    original_filename: downloadFileName(upload.filename, upload.kind),
    content_type: contentType,
    size: upload.data.length,
  };
  await storeUpload(site, [{ key: file.file_key, data: upload.data }]);
  return file;
}

/** A new document from an upload. */
export async function addDocument(site: Site, actor: AuditActor, text: DocumentText, upload: DocumentUpload): Promise<DocumentOutcome> {
  const file = await storeDocumentFile(site, upload);
  let id: number;
  try {
    id = await createDocument(site, actor, {
      name: text.name,
      description: text.description,
      category_id: text.categoryId,
      is_current: text.isCurrent ? 1 : 0,
      ...file,
    });
  } catch (error) {
    await abandonUpload(site, [file.file_key]);
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
  site.changes.publish(...cvTopics(text.isCurrent));
  return { document: (await findDocument(site.db, id))! };
}

/**
 * Edits a document's words, category and current mark, and replaces its file when an upload is given.
 * A replaced document keeps its id, so its download address, its download counts and the
 * publications it is the paper of stay; its old file is removed once the row points at the new one.
 */
export async function editDocument(site: Site, actor: AuditActor, id: number, text: DocumentText, upload?: DocumentUpload): Promise<DocumentOutcome> {
  const file = upload && (await storeDocumentFile(site, upload));
  let before: DocumentRow | undefined;
  try {
    before = await updateDocument(site, actor, id, { ...text, file });
  } catch (error) {
    if (file) await abandonUpload(site, [file.file_key]);
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
  if (!before) {
    if (file) await abandonUpload(site, [file.file_key]);
    return { refused: 'notFound' };
  }
  // Any edit may move the current mark, or change the file the current CV serves.
  site.changes.publish(...cvTopics(true));
  if (file) await removeFiles(site, [before.file_key], 'replaced document file');
  return { document: (await findDocument(site.db, id))! };
}

/** Deletes a document and its file, detaching it from its publications; false when there was none. */
export async function removeDocument(site: Site, actor: AuditActor, id: number): Promise<boolean> {
  const deleted = await deleteDocument(site.db, actor, id);
  if (!deleted) return false;
  site.changes.publish(...cvTopics(deleted.is_current === 1), ...(deleted.detached > 0 ? (['Publication'] as const) : []));
  await removeFiles(site, [deleted.file_key], 'document file');
  return true;
}

import type { TeachingCourse } from '../../contract/teaching';
import type { Db } from '../db';
import type { DocumentRow, TeachingCourseRow } from '../db/schema';
import { type AuditActor, changedDetails, deleteOneAudited, insertOneAudited, updateOneAudited } from './audit';

/** A course's own fields, as a save writes them. */
export type TeachingFields = Omit<TeachingCourseRow, 'id' | 'created_at' | 'updated_at' | 'rendered_version'>;

/** A material as a course lists it: the document's id and name. */
interface MaterialRow {
  course_id: number;
  document_id: number;
  name: string;
}
export type CourseWithMaterials = TeachingCourseRow & { materials: { id: number; name: string }[] };

/** Where visitors download a course's material. */
export const materialPath = (courseId: number, documentId: number) => `/api/teaching/${courseId}/materials/${documentId}/`;

export const toTeachingCourse = (row: CourseWithMaterials): TeachingCourse => ({
  id: row.id,
  course: row.course,
  institution: row.institution,
  term: row.term,
  start_date: row.start_date,
  role: row.role,
  description: row.description,
  description_html: row.description_html,
  link: row.link,
  materials: row.materials.map(({ id, name }) => ({ id, name, url: materialPath(row.id, id) })),
  updated_at: row.updated_at,
});

const subject = (row: TeachingCourseRow) => `teaching ${row.id} (${row.course})`;

function materialsOf(db: Db, courseIds: number[]): Promise<MaterialRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('teaching_materials')
    .innerJoin('documents', 'documents.id', 'teaching_materials.document_id')
    .select(['teaching_materials.course_id', 'teaching_materials.document_id', 'documents.name'])
    .where('teaching_materials.course_id', 'in', courseIds)
    .orderBy('teaching_materials.course_id')
    .orderBy('teaching_materials.position')
    .execute();
}

async function withMaterials(db: Db, rows: TeachingCourseRow[]): Promise<CourseWithMaterials[]> {
  const byCourse = new Map<number, { id: number; name: string }[]>();
  const materials = await materialsOf(
    db,
    rows.map((row) => row.id),
  );
  for (const material of materials)
    byCourse.set(material.course_id, [...(byCourse.get(material.course_id) ?? []), { id: material.document_id, name: material.name }]);
  return rows.map((row) => ({ ...row, materials: byCourse.get(row.id) ?? [] }));
}

/** The newest first: by the day they started, then the latest written. */
export async function listTeaching(db: Db): Promise<CourseWithMaterials[]> {
  return withMaterials(db, await db.selectFrom('teaching_courses').selectAll().orderBy('start_date', 'desc').orderBy('id', 'desc').execute());
}

export async function findTeaching(db: Db, id: number): Promise<CourseWithMaterials | undefined> {
  const row = await db.selectFrom('teaching_courses').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await withMaterials(db, [row]))[0];
}

/** Which of the ids name documents of the library. */
export async function existingDocuments(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('documents').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** The document, when it is a material of the course. */
export function findMaterial(db: Db, courseId: number, documentId: number): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('teaching_materials')
    .innerJoin('documents', 'documents.id', 'teaching_materials.document_id')
    .selectAll('documents')
    .where('teaching_materials.course_id', '=', courseId)
    .where('teaching_materials.document_id', '=', documentId)
    .executeTakeFirst();
}

async function replaceMaterials(trx: Db, courseId: number, documentIds: number[]): Promise<void> {
  await trx.deleteFrom('teaching_materials').where('course_id', '=', courseId).execute();
  if (documentIds.length === 0) return;
  await trx
    .insertInto('teaching_materials')
    .values(documentIds.map((documentId, position) => ({ course_id: courseId, document_id: documentId, position })))
    .execute();
}

/** A new course with its materials and its audit line, in one transaction. */
export async function createTeaching(db: Db, actor: AuditActor, fields: TeachingFields, materials: number[]): Promise<CourseWithMaterials> {
  const created = await insertOneAudited(
    db,
    actor,
    'teaching_courses',
    fields,
    (row) => ['teaching.created', subject(row), row.term],
    (trx, row) => replaceMaterials(trx, row.id, materials),
  );
  return (await withMaterials(db, [created]))[0];
}

/**
 * Sets the given fields and, when given, the materials, naming what changed in the audit line (the
 * description, not its HTML); undefined when the course is gone.
 */
export async function updateTeaching(
  db: Db,
  actor: AuditActor,
  id: number,
  change: Partial<TeachingFields>,
  materials: number[] | undefined,
): Promise<CourseWithMaterials | undefined> {
  const changed = [...Object.keys(change).filter((field) => field !== 'description_html'), ...(materials ? ['materials'] : [])];
  const updated = await updateOneAudited(
    db,
    actor,
    'teaching_courses',
    id,
    change,
    (row) => ['teaching.updated', subject(row), changedDetails(changed)],
    async (trx) => {
      if (materials) await replaceMaterials(trx, id, materials);
    },
  );
  return updated && (await withMaterials(db, [updated]))[0];
}

/** Deletes a course (its material rows go with it) with its audit line; undefined when there was none. */
export const deleteTeaching = (db: Db, actor: AuditActor, id: number): Promise<TeachingCourseRow | undefined> =>
  deleteOneAudited(db, actor, 'teaching_courses', id, (row) => ['teaching.deleted', subject(row), row.term]);

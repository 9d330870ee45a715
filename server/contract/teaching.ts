/**
 * Teaching: the courses the owner taught, with the term, the role, a description (Markdown, rendered
 * by the server like a note's body) and materials from the documents library. Listed for visitors on
 * the Teaching page, newest first; written by staff.
 */
import { type Static, Type } from '@sinclair/typebox';

import { CheckedList, CheckedText, IdSchema, OneOf } from './index';
import { TEACHING_LIMITS, TEACHING_ROLES } from './teachingRules';

export { academicYearOf, TEACHING_LIMITS, TEACHING_MESSAGES, TEACHING_ROLE_NAMES, TEACHING_ROLES, type TeachingRole } from './teachingRules';

export const TeachingMaterialSchema = Type.Object({
  /** The document's id in the documents library. */
  id: IdSchema,
  name: Type.String(),
  /** Where visitors download it: a document is public while it is a course's material. */
  url: Type.String(),
});
export type TeachingMaterial = Static<typeof TeachingMaterialSchema>;

export const TeachingRoleSchema = OneOf(...TEACHING_ROLES);

export const TeachingCourseSchema = Type.Object({
  id: IdSchema,
  course: Type.String(),
  institution: Type.String(),
  /** As the institution names it: "Autumn 2025", "Hilary term 2026". */
  term: Type.String(),
  /** YYYY-MM-DD: orders the list and places the course in its academic year. */
  start_date: Type.String(),
  role: TeachingRoleSchema,
  /** Markdown as written. */
  description: Type.String(),
  /** The description rendered and sanitised when it was saved. */
  description_html: Type.String(),
  /** An http(s) address (the course's page), or empty. */
  link: Type.String(),
  /** In the order staff chose them. */
  materials: Type.Array(TeachingMaterialSchema),
  updated_at: Type.String(),
});
export type TeachingCourse = Static<typeof TeachingCourseSchema>;

/** Checked beyond the schema by the server, with one message per field (see TEACHING_MESSAGES). */
export const TeachingInputSchema = Type.Object(
  {
    course: CheckedText(TEACHING_LIMITS.course),
    institution: CheckedText(TEACHING_LIMITS.institution),
    term: CheckedText(TEACHING_LIMITS.term),
    start_date: Type.String({ maxLength: 20 }),
    /** One of TEACHING_ROLES. */
    role: Type.String({ maxLength: 40 }),
    /** Counted in bytes by the server (TEACHING_LIMITS.descriptionBytes); the schema leaves room for the message. */
    description: CheckedText(TEACHING_LIMITS.descriptionBytes),
    link: CheckedText(TEACHING_LIMITS.link),
    /** Ids of documents in the library, in the order to list them. */
    materials: CheckedList(IdSchema, TEACHING_LIMITS.materials),
  },
  { additionalProperties: false },
);
export type TeachingInput = Static<typeof TeachingInputSchema>;

/** A course's material: the course and the document. */
export const TeachingMaterialParamsSchema = Type.Object({ id: IdSchema, document: IdSchema });

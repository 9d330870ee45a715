import type { FastifyInstance } from 'fastify';

import { TEACHING_LIMITS, TEACHING_MESSAGES, TEACHING_ROLES, type TeachingInput } from '../../contract/teaching';
import { isForeignKeyViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import { ErrorCollector, type FieldErrors } from '../errors';
import { isCalendarDate, isWebAddress } from '../lib/fieldChecks';
import {
  type CourseWithMaterials,
  createTeaching,
  deleteTeaching,
  existingDocuments,
  findTeaching,
  type TeachingFields,
  updateTeaching,
} from '../repositories/teaching';
import { renderBody } from './notes';

type Site = Pick<FastifyInstance, 'db' | 'changes'>;
type Actor = Pick<UserRow, 'id' | 'email'>;

type Saved = { course: CourseWithMaterials };
type Refused = { problems: FieldErrors };
type Checked = { fields: TeachingFields; materials: number[] };

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** The Teaching page shows a course's name as an h3 (under its academic year's h2): the description's headings come below it. */
const DESCRIPTION_TOP_HEADING = 4;

/** A required line of text, trimmed, or its message. Counted in code points, as the schema counts them. */
function line(errors: ErrorCollector, field: string, value: string, limit: number, messages: { required: string; tooLong: string }): string {
  const trimmed = value.trim();
  if (!trimmed) errors.add(field, messages.required);
  else if ([...trimmed].length > limit) errors.add(field, messages.tooLong);
  return trimmed;
}

/**
 * The course's fields tidied, with the description rendered through the notes' pipeline, or a message
 * for each field that is wrong (the description's by line).
 */
async function checkInput(site: Site, input: TeachingInput): Promise<Checked | Refused> {
  const errors = new ErrorCollector();
  const course = line(errors, 'course', input.course, TEACHING_LIMITS.course, {
    required: TEACHING_MESSAGES.courseRequired,
    tooLong: TEACHING_MESSAGES.courseTooLong,
  });
  const institution = line(errors, 'institution', input.institution, TEACHING_LIMITS.institution, {
    required: TEACHING_MESSAGES.institutionRequired,
    tooLong: TEACHING_MESSAGES.institutionTooLong,
  });
  const term = line(errors, 'term', input.term, TEACHING_LIMITS.term, { required: TEACHING_MESSAGES.termRequired, tooLong: TEACHING_MESSAGES.termTooLong });
  const startDate = input.start_date.trim();
  if (!isCalendarDate(startDate)) errors.add('start_date', TEACHING_MESSAGES.startDate);
  const role = TEACHING_ROLES.find((known) => known === input.role.trim());
  if (!role) errors.add('role', TEACHING_MESSAGES.role);
  const link = input.link.trim();
  if (link && !isWebAddress(link)) errors.add('link', TEACHING_MESSAGES.link);
  else if ([...link].length > TEACHING_LIMITS.link) errors.add('link', TEACHING_MESSAGES.linkTooLong);
  const materials = [...new Set(input.materials)];
  if (materials.length > TEACHING_LIMITS.materials) errors.add('materials', TEACHING_MESSAGES.tooManyMaterials);
  else if ((await existingDocuments(site.db, materials)).size < materials.length) errors.add('materials', TEACHING_MESSAGES.noDocument);

  // Only its end is trimmed: leading spaces are Markdown, and problems are told by the lines staff typed.
  const description = input.description.trim() ? input.description.trimEnd() : '';
  let html = '';
  if (bytes(description) > TEACHING_LIMITS.descriptionBytes) errors.add('description', TEACHING_MESSAGES.descriptionTooLong);
  else if (description) {
    const rendered = await renderBody(site.db, description, DESCRIPTION_TOP_HEADING);
    for (const { line: at, message } of rendered.problems) errors.add('description', at ? `Line ${at}: ${message}` : message);
    html = rendered.html;
  }
  if (errors.any || !role) return { problems: errors.fields };
  return {
    fields: { course, institution, term, start_date: startDate, role, description, description_html: html, link },
    materials,
  };
}

/** A document deleted between the check and the write: refused like one that was never there. */
async function savingMaterials<T>(write: () => Promise<T>): Promise<T | Refused> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) return { problems: { materials: [TEACHING_MESSAGES.noDocument] } };
    throw error;
  }
}

export async function addTeaching(site: Site, actor: Actor, input: TeachingInput): Promise<Saved | Refused> {
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  const course = await savingMaterials(() => createTeaching(site.db, actor, checked.fields, checked.materials));
  if ('problems' in course) return course;
  site.changes.publish('Teaching');
  return { course };
}

/** Rewrites a course; undefined when there is none. An edit that changes nothing writes nothing. */
export async function editTeaching(site: Site, actor: Actor, id: number, input: TeachingInput): Promise<Saved | Refused | undefined> {
  const row = await findTeaching(site.db, id);
  if (!row) return undefined;
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  const { fields } = checked;
  const change: Partial<TeachingFields> = Object.fromEntries(
    (Object.keys(fields) as (keyof TeachingFields)[]).filter((field) => fields[field] !== row[field]).map((field) => [field, fields[field]]),
  );
  // The HTML follows its source: a renderer that now writes it differently does not make an edit of it.
  if (change.description === undefined) delete change.description_html;
  const sameMaterials = checked.materials.join() === row.materials.map((material) => material.id).join();
  if (Object.keys(change).length === 0 && sameMaterials) return { course: row };
  const course = await savingMaterials(() => updateTeaching(site.db, actor, id, change, sameMaterials ? undefined : checked.materials));
  if (!course) return undefined;
  if ('problems' in course) return course;
  site.changes.publish('Teaching');
  return { course };
}

/** Deletes a course; false when there was none. */
export async function removeTeaching(site: Site, actor: Actor, id: number): Promise<boolean> {
  if (!(await deleteTeaching(site.db, actor, id))) return false;
  site.changes.publish('Teaching');
  return true;
}

import type { FastifyInstance } from 'fastify';

import { TEACHING_LIMITS, TEACHING_MESSAGES, TEACHING_ROLES, type TeachingInput } from '../../contract/teaching';
import { isForeignKeyViolation } from '../db/errors';
import { ErrorCollector } from '../errors';
import type { AuditActor } from '../repositories/audit';
import {
  type CourseWithMaterials,
  createTeaching,
  deleteTeaching,
  existingDocuments,
  findTeaching,
  type TeachingFields,
  updateTeaching,
} from '../repositories/teaching';
import { renderBody } from './markdownBodies';
import type { Edited, Refused, Saved } from './staffEdits';
import { announceDeleted, announceSaved, changedFields, checkChoice, checkDate, checkLine, checkMarkdown, checkWebAddress } from './staffEdits';

type Site = Pick<FastifyInstance, 'db' | 'changes' | 'work'>;
type Checked = { fields: TeachingFields; materials: number[] };

/** The Teaching page shows a course's name as an h3 (under its academic year's h2): the description's headings come below it. */
const DESCRIPTION_TOP_HEADING = 4;
const DESCRIPTION = { maxBytes: TEACHING_LIMITS.descriptionBytes, tooLong: TEACHING_MESSAGES.descriptionTooLong };

/**
 * The course's fields tidied, with the description rendered through the notes' pipeline, or a message
 * for each field that is wrong (the description's by line).
 */
async function checkInput(site: Site, input: TeachingInput): Promise<Checked | Refused> {
  const errors = new ErrorCollector();
  const line = (field: 'course' | 'institution' | 'term', required: string, tooLong: string) =>
    checkLine(errors, field, input[field], { limit: TEACHING_LIMITS[field], required, tooLong });
  const course = line('course', TEACHING_MESSAGES.courseRequired, TEACHING_MESSAGES.courseTooLong);
  const institution = line('institution', TEACHING_MESSAGES.institutionRequired, TEACHING_MESSAGES.institutionTooLong);
  const term = line('term', TEACHING_MESSAGES.termRequired, TEACHING_MESSAGES.termTooLong);
  const startDate = checkDate(errors, 'start_date', input.start_date, TEACHING_MESSAGES.startDate);
  const role = checkChoice(errors, 'role', input.role, TEACHING_ROLES, TEACHING_MESSAGES.role);
  const link = checkWebAddress(errors, 'link', input.link, {
    limit: TEACHING_LIMITS.link,
    invalid: TEACHING_MESSAGES.link,
    tooLong: TEACHING_MESSAGES.linkTooLong,
  });
  const materials = [...new Set(input.materials)];
  if (materials.length > TEACHING_LIMITS.materials) errors.add('materials', TEACHING_MESSAGES.tooManyMaterials);
  else if ((await existingDocuments(site.db, materials)).size < materials.length) errors.add('materials', TEACHING_MESSAGES.noDocument);
  const description = await checkMarkdown(errors, 'description', input.description, DESCRIPTION, (body) => renderBody(site, body, DESCRIPTION_TOP_HEADING));
  if (errors.any || !role) return { problems: errors.fields };
  return {
    fields: { course, institution, term, start_date: startDate, role, description: description.source, description_html: description.html, link },
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

export async function addTeaching(site: Site, actor: AuditActor, input: TeachingInput): Promise<Saved<CourseWithMaterials> | Refused> {
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  const item = await savingMaterials(() => createTeaching(site.db, actor, checked.fields, checked.materials));
  return 'problems' in item ? item : announceSaved(site, 'Teaching', item);
}

/** Rewrites a course; undefined when there is none. An edit that changes nothing writes nothing. */
export async function editTeaching(site: Site, actor: AuditActor, id: number, input: TeachingInput): Promise<Edited<CourseWithMaterials>> {
  const row = await findTeaching(site.db, id);
  if (!row) return undefined;
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  const change = changedFields(row, checked.fields, { description_html: 'description' });
  const sameMaterials = checked.materials.join() === row.materials.map((material) => material.id).join();
  if (Object.keys(change).length === 0 && sameMaterials) return { item: row };
  const item = await savingMaterials(() => updateTeaching(site.db, actor, id, change, sameMaterials ? undefined : checked.materials));
  if (!item || 'problems' in item) return item;
  return announceSaved(site, 'Teaching', item);
}

/** Deletes a course (its material rows go with it); false when there was none. */
export const removeTeaching = (site: Site, actor: AuditActor, id: number) => announceDeleted(site, 'Teaching', deleteTeaching(site.db, actor, id));

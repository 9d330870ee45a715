import { DESCRIPTION_MAX } from '../../../contract/media';
import { ErrorCollector, type FieldErrors } from '../../errors';

/** How a kind of named item (a gallery, a document category) keeps its names apart. */
export interface UniqueName {
  nameMax: number;
  /** Whether another item (than `exceptId`, the one being renamed) already has the name, case-insensitively. */
  taken: (name: string, exceptId?: number) => Promise<boolean>;
  duplicate: string;
}

/** The optional description every item of the library has, trimmed and checked; for an edit, left out keeps `current`. */
export function readDescription(errors: ErrorCollector, value: string | undefined, current = ''): string | undefined {
  return value === undefined ? current : errors.text('description', value, { required: false, maxLength: DESCRIPTION_MAX });
}

/**
 * A named item's name and description, trimmed and checked, or the field problems. For an edit
 * (`existing` given), a field the body leaves out keeps its value.
 */
export async function readNamed(
  body: { name?: string; description?: string },
  rule: UniqueName,
  existing?: { id: number; name: string; description: string },
): Promise<{ values: { name: string; description: string } } | { problems: FieldErrors }> {
  const errors = new ErrorCollector();
  const nameRule = { required: true, maxLength: rule.nameMax };
  const name = existing ? errors.edited('name', body.name, existing.name, nameRule) : errors.text('name', body.name, nameRule);
  const description = readDescription(errors, body.description, existing?.description);
  if (body.name !== undefined && name !== undefined && (await rule.taken(name, existing?.id))) errors.add('name', rule.duplicate);
  if (errors.any || name === undefined || description === undefined) return { problems: errors.fields };
  return { values: { name, description } };
}

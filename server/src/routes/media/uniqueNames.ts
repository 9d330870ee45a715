import { DESCRIPTION_MAX } from '../../../contract/media';
import { ErrorCollector, type FieldErrors } from '../../errors';

/** How a kind of named item (a gallery, a document category) keeps its names apart. */
export interface UniqueName {
  nameMax: number;
  /** Whether another item already has the name (case-insensitively). */
  taken: (name: string) => Promise<boolean>;
  duplicate: string;
}

/** A new item's name and optional description, trimmed and checked, or the field problems. */
export async function readNewNamed(
  body: { name: string; description?: string },
  rule: UniqueName,
): Promise<{ values: { name: string; description: string } } | { problems: FieldErrors }> {
  const errors = new ErrorCollector();
  const name = errors.text('name', body.name, { required: true, maxLength: rule.nameMax });
  const description = errors.text('description', body.description ?? '', { required: false, maxLength: DESCRIPTION_MAX });
  if (name !== undefined && (await rule.taken(name))) errors.add('name', rule.duplicate);
  if (errors.any || name === undefined || description === undefined) return { problems: errors.fields };
  return { values: { name, description } };
}

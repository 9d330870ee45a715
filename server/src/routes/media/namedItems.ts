import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TObject, type TOptional, type TProperties, type TSchema, type TString, Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import { DESCRIPTION_MAX } from '../../../contract/media';
import { detail, ErrorCollector, errorResponses, fieldError, type FieldErrors, MESSAGES } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import type { AuditActor } from '../../repositories/audit';
import type { NameTaken } from '../../services/staffEdits';
import { FileField, readUpload, type UploadedFile } from './multipart';

/** A named item's checked name and description. */
type NamedValues = { name: string; description: string };
/** An edit's refusal when the item went meanwhile. */
type NotFound = { refused: 'notFound' };

/** How a kind of named item (a gallery, a document category) keeps its names apart. */
export interface UniqueName {
  nameMax: number;
  /** Whether another item (than `exceptId`, the one being renamed) already has the name, case-insensitively. */
  taken: (name: string, exceptId?: number) => Promise<boolean>;
  duplicate: string;
}

/** The optional description every item of the library has, trimmed and checked; for an edit, left out keeps `current`. */
function readDescription(errors: ErrorCollector, value: string | undefined, current = ''): string | undefined {
  return errors.edited('description', value, current, { required: false, maxLength: DESCRIPTION_MAX });
}

/** The fields of an upload form: the file's, and the name's (`title` for images) with its limit. */
export interface ItemForm<File extends string = string, Name extends string = string> {
  file: File;
  name: Name;
  nameMax: number;
}

/** An upload form's schema: its file, name and description, then the item's own `fields`; an edit may leave any out. */
export function itemFormSchema<File extends string, Name extends string, Fields extends TProperties>(form: ItemForm<File, Name>, fields: Fields) {
  const common = { [form.file]: Type.Optional(FileField), [form.name]: Type.Optional(Type.String()), description: Type.Optional(Type.String()) };
  // TypeScript cannot name computed keys; these are the form's own.
  return Type.Object({
    ...(common as Record<File, TOptional<typeof FileField>> & Record<Name, TOptional<TString>> & { description: TOptional<TString> }),
    ...fields,
  });
}

/**
 * The file, name and description of an upload form, trimmed and checked, each undefined when it is
 * wrong. For an edit (`existing` given), the file is optional and a text the body leaves out keeps its value.
 */
export function readItemForm(
  errors: ErrorCollector,
  body: { readonly [field: string]: unknown },
  form: ItemForm,
  existing?: { name: string; description: string },
): { upload: UploadedFile | undefined; name: string | undefined; description: string | undefined } {
  // The route's schema has read the text fields as strings.
  const [name, description] = [body[form.name], body.description] as [string | undefined, string | undefined];
  const nameRule = { required: true, maxLength: form.nameMax };
  return {
    upload: readUpload(errors, form.file, body[form.file], existing !== undefined),
    name: existing ? errors.edited(form.name, name, existing.name, nameRule) : errors.text(form.name, name, nameRule),
    description: readDescription(errors, description, existing?.description),
  };
}

/**
 * A named item's name and description, trimmed and checked, or the field problems. For an edit
 * (`existing` given), a field the body leaves out keeps its value.
 */
async function readNamed(
  body: { name?: string; description?: string },
  rule: UniqueName,
  existing?: { id: number; name: string; description: string },
): Promise<{ values: NamedValues } | { problems: FieldErrors }> {
  const errors = new ErrorCollector();
  const nameRule = { required: true, maxLength: rule.nameMax };
  const name = existing ? errors.edited('name', body.name, existing.name, nameRule) : errors.text('name', body.name, nameRule);
  const description = readDescription(errors, body.description, existing?.description);
  if (body.name !== undefined && name !== undefined && (await rule.taken(name, existing?.id))) errors.add('name', rule.duplicate);
  if (errors.any || name === undefined || description === undefined) return { problems: errors.fields };
  return { values: { name, description } };
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * POST `url`, staff only: a new named item (a gallery, a document category) from its name and
 * description. 400 with the field problems, or with the duplicate name when another item took it
 * meanwhile; else 201 with the item.
 */
export function namedItemCreateRoute<Item extends TObject>(
  app: App,
  url: string,
  { body, item, rule }: { body: TSchema; item: Item; rule: UniqueName },
  add: (actor: AuditActor, values: NamedValues) => Promise<Static<Item> | NameTaken>,
): void {
  // Fastify's types cannot follow a generic schema to the answer it allows: the schema serialises alike.
  const itemSchema: TSchema = item;
  app.post(url, { onRequest: app.requireStaff, schema: { body, response: { 201: itemSchema, ...errorResponses } } }, async (request, reply) => {
    const read = await readNamed(request.body as { name: string; description?: string }, rule);
    if ('problems' in read) return reply.code(400).send(read.problems);
    const added = await add(signedInUser(request), read.values);
    if ('refused' in added) return reply.code(400).send(fieldError('name', rule.duplicate));
    return reply.code(201).send(added);
  });
}

/**
 * PATCH `url` (with an `:id`), staff only: a named item's new name or description, either kept when
 * left out. 404 when there is no such item, 400 with the field problems or the duplicate name; else the item.
 */
export function namedItemEditRoute<Item extends TObject, Existing extends { id: number; name: string; description: string }>(
  app: App,
  url: string,
  { body, item, rule, find }: { body: TSchema; item: Item; rule: UniqueName; find: (id: number) => Promise<Existing | undefined> },
  edit: (actor: AuditActor, existing: Existing, values: NamedValues) => Promise<Static<Item> | NameTaken | NotFound>,
): void {
  // As in namedItemCreateRoute.
  const itemSchema: TSchema = item;
  app.patch(
    url,
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body, response: { 200: itemSchema, ...errorResponses } } },
    async (request, reply) => {
      const existing = await find(request.params.id);
      if (!existing) return reply.code(404).send(detail(MESSAGES.notFound));
      const read = await readNamed(request.body as { name?: string; description?: string }, rule, existing);
      if ('problems' in read) return reply.code(400).send(read.problems);
      const edited = await edit(signedInUser(request), existing, read.values);
      if (!('refused' in edited)) return edited;
      return edited.refused === 'nameTaken' ? reply.code(400).send(fieldError('name', rule.duplicate)) : reply.code(404).send(detail(MESSAGES.notFound));
    },
  );
}

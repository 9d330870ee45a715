/**
 * What the services of what staff write (news, talks, teaching, notes, named categories and galleries)
 * share: the outcomes of a write, the rules of the fields staff type, and which fields an edit changes.
 */
import { isDeepStrictEqual } from 'node:util';

import type { FastifyInstance } from 'fastify';

import type { DataTag } from '../../contract/changes';
import { isUniqueViolation } from '../db/errors';
import type { ErrorCollector, FieldErrors } from '../errors';
import { isCalendarDate, isSiteAddress, isWebAddress } from '../lib/fieldChecks';

/** A write the checks refused: a message for each field that is wrong, answered as one 400. */
export type Refused = { problems: FieldErrors };
/** An item as a write left it. */
export type Saved<Row> = { item: Row };
/** An edit: undefined when there is no such item. */
export type Edited<Row> = Saved<Row> | Refused | undefined;

type Site = Pick<FastifyInstance, 'changes'>;

/** The item a write saved, once its change is announced (the kind of data it is, `topic`). */
export function announceSaved<Row>(site: Site, topic: DataTag, item: Row): Saved<Row> {
  site.changes.publish(topic);
  return { item };
}

/** A delete, announced when it found its item; false when there was none. */
export async function announceDeleted(site: Site, topic: DataTag, deleted: Promise<unknown>): Promise<boolean> {
  if (!(await deleted)) return false;
  site.changes.publish(topic);
  return true;
}

/** A concurrent write took the name first: the database's unique index refused this one. */
export type NameTaken = { refused: 'nameTaken' };

/** A write of a named item (a category, a gallery), or `nameTaken` when another took the name meanwhile. */
export async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T | NameTaken> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: 'nameTaken' };
    throw error;
  }
}

/** Characters as the schemas count them: code points, so that an emoji is one. */
export const characters = (text: string) => [...text].length;

/** A line of text, trimmed; required when it has a `required` message. */
export function checkLine(errors: ErrorCollector, field: string, value: string, rule: { limit: number; tooLong: string; required?: string }): string {
  const line = value.trim();
  if (!line && rule.required) errors.add(field, rule.required);
  else if (characters(line) > rule.limit) errors.add(field, rule.tooLong);
  return line;
}

/**
 * An optional web address, trimmed: empty, or an absolute http(s) address within its limit; with
 * `onSite`, an address on the site itself too (/research/KEY).
 */
export function checkWebAddress(
  errors: ErrorCollector,
  field: string,
  value: string,
  rule: { limit: number; invalid: string; tooLong: string; onSite?: boolean },
): string {
  const address = value.trim();
  if (address && !isWebAddress(address) && !(rule.onSite && isSiteAddress(address))) errors.add(field, rule.invalid);
  else if (characters(address) > rule.limit) errors.add(field, rule.tooLong);
  return address;
}

/** A day of the calendar as YYYY-MM-DD, trimmed. */
export function checkDate(errors: ErrorCollector, field: string, value: string, message: string): string {
  const date = value.trim();
  if (!isCalendarDate(date)) errors.add(field, message);
  return date;
}

/** One of the choices, trimmed; undefined, with the message, when it is none of them. */
export function checkChoice<T extends string>(errors: ErrorCollector, field: string, value: string, choices: readonly T[], message: string): T | undefined {
  const choice = choices.find((known) => known === value.trim());
  if (!choice) errors.add(field, message);
  return choice;
}

/** A problem of a Markdown body as staff read it: with its line when it has one. */
export const lineProblems = (problems: readonly { line: number; message: string }[]) =>
  problems.map(({ line, message }) => (line ? `Line ${line}: ${message}` : message));

/**
 * A Markdown body with its end trimmed (leading spaces are Markdown, and problems name the lines staff
 * typed), and its HTML from `render`; a body over its size, or one with problems, is refused by line.
 */
export async function checkMarkdown(
  errors: ErrorCollector,
  field: string,
  value: string,
  rule: { maxBytes: number; tooLong: string },
  render: (source: string) => Promise<{ html: string; problems: { line: number; message: string }[] }>,
): Promise<{ source: string; html: string }> {
  const source = value.trimEnd();
  if (Buffer.byteLength(source, 'utf8') > rule.maxBytes) {
    errors.add(field, rule.tooLong);
    return { source, html: '' };
  }
  if (!source) return { source, html: '' };
  const rendered = await render(source);
  for (const problem of lineProblems(rendered.problems)) errors.add(field, problem);
  return { source, html: rendered.html };
}

/**
 * The fields of `after` whose values differ from `before`'s, compared by value (a list of tags too).
 * A rendering named in `renderings` beside its source counts only with its source: a renderer that now
 * writes the same source differently makes no edit.
 */
export function changedFields<F extends object>(before: { [K in keyof F]: unknown }, after: F, renderings: Partial<Record<keyof F, keyof F>> = {}): Partial<F> {
  const fields = (Object.keys(after) as (keyof F)[]).filter((field) => !isDeepStrictEqual(before[field], after[field]));
  const changed = fields.filter((field) => {
    const source = renderings[field];
    return source === undefined || fields.includes(source);
  });
  return Object.fromEntries(changed.map((field) => [field, after[field]])) as Partial<F>;
}

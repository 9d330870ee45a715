import { MESSAGES } from '../../server/src/errors';
import type { ChangeTopic } from '../../server/src/plugins/changes';
import { type Auth, pageServerFor, recordChanges, serverWithAccountsFor, type TestServer } from './testServer';

/** The calls of a staff collection at `url` (`/api/news/`): staff write unless told otherwise, anyone reads. */
export function collectionClient<Input extends object, Item extends { id: number }>(
  server: TestServer,
  staff: Auth,
  url: string,
  input: (fields?: Partial<Input>) => Input,
) {
  const post = (payload: object, headers: Auth = staff) => server.inject({ method: 'POST', url, headers, payload });
  const patch = (id: number, payload: object, headers: Auth = staff) => server.inject({ method: 'PATCH', url: `${url}${id}/`, headers, payload });
  const remove = (id: number, headers: Auth = staff) => server.inject({ method: 'DELETE', url: `${url}${id}/`, headers });
  const list = async (query = '', headers: Auth = {}) => (await server.inject({ method: 'GET', url: `${url}${query}`, headers })).json<Item[]>();
  /** An item created through the API, which must take it. */
  const created = async (fields: Partial<Input> = {}) => {
    const response = await post(input(fields));
    expect(response.statusCode).toBe(201);
    return response.json<Item>();
  };
  return { post, patch, remove, list, created };
}

/** The public address the pages of a collection's page tests are served on. */
export const PAGE_PUBLIC_URL = 'https://northcote.example';

/**
 * What the tests of a collection's public page share: a server rendering pages on PAGE_PUBLIC_URL for the
 * describe block, a plain GET, and the collection's calls.
 */
export function collectionPageServer<Input extends object, Item extends { id: number }>(url: string, input: (fields?: Partial<Input>) => Input) {
  const { server, staff } = pageServerFor('all', { publicUrl: PAGE_PUBLIC_URL });
  const get = (path: string) => server.inject({ method: 'GET', url: path });
  return { server, staff, get, ...collectionClient<Input, Item>(server, staff, url, input) };
}

/**
 * The wrong values of each field: the message the field is refused with, and each case with its value
 * (and its own message, when it is refused with another).
 */
export type WrongValues<Input> = { [Field in keyof Input]?: { message: string; cases: [string, Input[Field], string?][] } };

/** The case of a text one character longer than `limit`, named "<what> that is too long". */
export function tooLong(what: string, limit: number, message?: string): [string, string, string?] {
  return [`${what} that is too long`, 'x'.repeat(limit + 1), message];
}

/** One wrong input: what the case is, the fields that make it wrong, and the messages answered, by field. */
type WrongFields<Input> = [string, Partial<Input>, Record<string, string[]>];

/** The cases of wrong input: each wrong value alone, then several wrong fields at once, each refused with its field's message. */
function wrongFieldsOf<Input>({ wrongValues, severalWrong }: StaffCollection<Input>): WrongFields<Input>[] {
  const fieldsOf = (fields: object) => Object.keys(fields) as (keyof Input & string)[];
  return [
    ...fieldsOf(wrongValues).flatMap((field) => {
      const { message: usual, cases } = wrongValues[field]!;
      return cases.map(([name, value, message = usual]): WrongFields<Input> => [name, { [field]: value } as Partial<Input>, { [field]: [message] }]);
    }),
    ['several wrong fields at once', severalWrong, Object.fromEntries(fieldsOf(severalWrong).map((field) => [field, [wrongValues[field]!.message]]))],
  ];
}

/** A staff collection as the cases every collection shares need it. */
export interface StaffCollection<Input> {
  url: string;
  /** A valid input, with the given fields instead. */
  input: (fields?: Partial<Input>) => Input;
  /** An edit that changes the item, and one that changes nothing (the same words, spaced otherwise). */
  change: Partial<Input>;
  same: Partial<Input>;
  /** What its writes announce. */
  topic: ChangeTopic;
  /** Its lines in the audit trail: the action's prefix, the subject, and the details of the create, the change and the delete. */
  audit: { action: string; subject: (id: number) => string; details: [created: string, changed: string, deleted: string] };
  wrongValues: WrongValues<Input>;
  /** Several fields of wrongValues wrong in one input. */
  severalWrong: Partial<Input>;
}

/**
 * What every staff collection answers alike, one table of cases for each: only staff write and anyone
 * reads; an edit and a delete are recorded and announced once, an edit that changes nothing neither;
 * each wrong input is refused with its messages on a new item and on an edit, a body missing a field is
 * refused, an item that is not there is a 404, and a refused write announces nothing.
 */
export function describeStaffCollection<Input extends object>(name: string, collection: StaffCollection<Input>) {
  describe(`${name}, as every staff collection`, () => {
    const { server, staff, user: visitor, anonymous } = serverWithAccountsFor();
    const { post, patch, remove, list, created } = collectionClient<Input, { id: number; updated_at: string }>(server, staff, collection.url, collection.input);
    const { input } = collection;
    const wrongFields = wrongFieldsOf(collection);

    it('lets only staff write, and anyone read', async () => {
      const existing = await created();
      for (const [headers, status] of [
        [anonymous, 401],
        [visitor, 403],
      ] as const) {
        expect((await post(input(), headers)).statusCode).toBe(status);
        expect((await patch(existing.id, input(collection.change), headers)).statusCode).toBe(status);
        expect((await remove(existing.id, headers)).statusCode).toBe(status);
      }
      expect(await list('', visitor)).toEqual([existing]);
      expect(await list()).toEqual([existing]);
    });

    it('edits an item and deletes it, after which it is not there', async () => {
      const existing = await created();
      const edited = await patch(existing.id, input(collection.change));
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ id: existing.id, ...collection.change });
      expect(Date.parse(edited.json<{ updated_at: string }>().updated_at)).toBeGreaterThanOrEqual(Date.parse(existing.updated_at));
      expect(await list()).toEqual([edited.json()]);
      expect((await remove(existing.id)).statusCode).toBe(204);
      expect(await list()).toEqual([]);
      expect((await patch(existing.id, input())).statusCode).toBe(404);
    });

    it('records and announces each write once, and neither for an edit that changes nothing', async () => {
      const announced = recordChanges(server, [collection.topic]);
      const existing = await created();
      expect((await patch(existing.id, input(collection.same))).statusCode).toBe(200);
      expect(announced).toEqual([[collection.topic]]);
      await patch(existing.id, input(collection.change));
      await remove(existing.id);
      expect(announced).toEqual([[collection.topic], [collection.topic], [collection.topic]]);
      const { action, subject, details } = collection.audit;
      const trail = await server.db
        .selectFrom('audit_log')
        .select(['action', 'subject', 'details', 'actor_email'])
        .where('action', 'like', `${action}.%`)
        .orderBy('id')
        .execute();
      expect(trail.map((line) => ({ ...line }))).toEqual(
        ['created', 'updated', 'deleted'].map((verb, index) => ({
          action: `${action}.${verb}`,
          subject: subject(existing.id),
          details: details[index],
          actor_email: 'staff@example.com',
        })),
      );
    });

    it.each(wrongFields)('refuses %s, on a new item and on an edit', async (_case, fields, errors) => {
      const response = await post(input(fields));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
      const existing = await created();
      const edit = await patch(existing.id, input(fields));
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toEqual(errors);
      expect(await list()).toEqual([existing]);
    });

    it('refuses a body missing a field, with the field’s message', async () => {
      const [field] = Object.keys(input());
      const { [field as keyof Input]: _missing, ...rest } = input();
      const response = await post(rest);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: [MESSAGES.required] });
      expect(await list()).toEqual([]);
    });

    it('answers 404 for an item that is not there, and announces no refused write', async () => {
      const announced = recordChanges(server, [collection.topic]);
      const [[, wrong]] = wrongFields;
      expect((await post(input(wrong))).statusCode).toBe(400);
      expect((await post(input(), visitor)).statusCode).toBe(403);
      for (const response of [await patch(9999, input()), await remove(9999)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: MESSAGES.notFound });
      }
      expect(announced).toEqual([]);
    });
  });
}

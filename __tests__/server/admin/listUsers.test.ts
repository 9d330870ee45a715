import { buildTestServer, insertUser } from '../testServer';
import { joinedAt, PAGE_REFUSALS, type Signed } from './adminFixtures';

type Server = Awaited<ReturnType<typeof buildTestServer>>;

describe('GET /api/admin/users/', () => {
  let server: Server;
  let staff: Signed;

  const list = (query = '') => server.inject({ method: 'GET', url: `/api/admin/users/${query}`, headers: staff.auth });
  const emails = (body: { results: { email: string }[] }) => body.results.map((u) => u.email);

  beforeAll(async () => {
    server = await buildTestServer();
    staff = await insertUser(server, { email: 'staff@example.com', is_staff: true, first_name: 'Stella' });
    await joinedAt(server, staff.user.id, '2024-01-01T00:00:00.000Z');
    const people = [
      { email: 'ada@example.com', first_name: 'Ada', last: 'Lovelace' },
      { email: 'GRACE@Example.com', first_name: 'Grace', last: 'Hopper' },
      { email: 'alan@example.org', first_name: 'Alan', last: 'Turing' },
      { email: 'percent_100@example.org', first_name: 'Per', last: 'Cent' },
    ];
    for (const [index, person] of people.entries()) {
      const { user } = await insertUser(server, { email: person.email, first_name: person.first_name });
      await server.db
        .updateTable('users')
        .set({ last_name: person.last, date_joined: `2025-0${index + 1}-01T00:00:00.000Z`, interest_notes: `Notes of ${person.first_name}` })
        .where('id', '=', user.id)
        .execute();
    }
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it('answers the first page, newest members first, with every admin field', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 5, page: 1, page_size: 20 });
    expect(emails(body)).toEqual(['percent_100@example.org', 'alan@example.org', 'GRACE@Example.com', 'ada@example.com', 'staff@example.com']);
    expect(body.results[3]).toEqual({
      id: expect.any(Number),
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_staff: false,
      is_active: true,
      is_owner: false,
      date_joined: '2025-01-01T00:00:00.000Z',
      last_login: null,
      interest_notes: 'Notes of Ada',
    });
    expect(body.results[4]).toMatchObject({ email: 'staff@example.com', is_staff: true });
    expect(body.results[0]).not.toHaveProperty('password');
  });

  it('pages with page and page_size, keeping the total count', async () => {
    const second = (await list('?page=2&page_size=2')).json();
    expect(second).toMatchObject({ count: 5, page: 2, page_size: 2 });
    expect(emails(second)).toEqual(['GRACE@Example.com', 'ada@example.com']);
    const last = (await list('?page=3&page_size=2')).json();
    expect(emails(last)).toEqual(['staff@example.com']);
  });

  it('answers an empty page past the end, with the count still given', async () => {
    const res = await list('?page=9&page_size=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 5, page: 9, page_size: 2, results: [] });
  });

  it.each([
    ['email, ignoring case', 'grace@EXAMPLE', ['GRACE@Example.com']],
    ['first name', 'aLa', ['alan@example.org']],
    ['last name', 'hopp', ['GRACE@Example.com']],
    ['full name', 'ada lovelace', ['ada@example.com']],
    ['a domain shared by several', 'example.org', ['percent_100@example.org', 'alan@example.org']],
    ['an underscore, taken literally', 't_100', ['percent_100@example.org']],
    ['an underscore that is no wildcard', 'a_a', []],
    ['a percent sign that is no wildcard', '%', []],
    ['surrounding spaces trimmed', '  turing  ', ['alan@example.org']],
  ])('searches by %s', async (_what, term, expected) => {
    const body = (await list(`?search=${encodeURIComponent(term)}`)).json();
    expect(emails(body)).toEqual(expected);
    expect(body.count).toBe(expected.length);
  });

  it('combines search and paging', async () => {
    const body = (await list('?search=example.org&page=2&page_size=1')).json();
    expect(body).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(emails(body)).toEqual(['alan@example.org']);
  });

  it('treats an empty search as no filter', async () => {
    expect((await list('?search=')).json().count).toBe(5);
  });

  it.each([...PAGE_REFUSALS, [`search=${'x'.repeat(201)}`, { search: ['Ensure this field has no more than 200 characters.'] }]])(
    "refuses %s with 400 and the field's message",
    async (query, body) => {
      const res = await list(`?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    },
  );

  it('accepts the largest page size', async () => {
    const res = await list('?page_size=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().page_size).toBe(100);
  });
});

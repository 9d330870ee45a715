import { serverWithAccountsFor } from '../testServer';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

// Galleries and document categories read a new item's name and description by one rule.
describe.each([
  { kind: 'gallery', url: '/api/photos/galleries/', duplicate: 'A gallery with this name already exists.' },
  { kind: 'category', url: '/api/documents/categories/', duplicate: 'A category with this name already exists.' },
])('a new $kind', ({ kind, url, duplicate }) => {
  const { server, staff } = serverWithAccountsFor();

  const create = (payload: object) => server.inject({ method: 'POST', url, headers: staff, payload });

  it.each([
    ['a missing name', { description: 'x' }, { name: ['This field is required.'] }],
    ['an empty name', { name: '' }, { name: ['This field may not be blank.'] }],
    ['a blank name', { name: '   ' }, { name: ['This field may not be blank.'] }],
    ['a long name', { name: 'x'.repeat(101) }, { name: ['Ensure this field has no more than 100 characters.'] }],
    ['a long description', { name: 'Ok', description: 'x'.repeat(5001) }, { description: ['Ensure this field has no more than 5000 characters.'] }],
    ['a list as name', { name: ['a', 'b'] }, { name: ['Not a valid string.'] }],
  ])('refuses %s with field errors', async (_label, payload, errors) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  // For categories this keeps one CV category, which the CV page's download follows.
  it(`refuses a second ${kind} of the same name, whatever its case`, async () => {
    expect((await create({ name: 'CV' })).statusCode).toBe(201);
    const res = await create({ name: 'cv' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [duplicate] });
  });
});

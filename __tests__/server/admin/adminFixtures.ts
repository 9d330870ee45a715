import { startSession } from '../../../server/src/services/sessions';
import { insertUser, type TestServer, testServerFor } from '../testServer';

export type Signed = Awaited<ReturnType<typeof insertUser>>;

/** A bad page or page size in a paged list's query, and the field message every paged list answers it with. */
export const PAGE_REFUSALS: [string, Record<string, string[]>][] = [
  ['page=0', { page: ['Ensure this value is greater than or equal to 1.'] }],
  ['page=-1', { page: ['Ensure this value is greater than or equal to 1.'] }],
  ['page=abc', { page: ['A valid integer is required.'] }],
  ['page=1.5', { page: ['A valid integer is required.'] }],
  ['page=99999999999', { page: ['Ensure this value is less than or equal to 1000000.'] }],
  ['page_size=0', { page_size: ['Ensure this value is greater than or equal to 1.'] }],
  ['page_size=101', { page_size: ['Ensure this value is less than or equal to 100.'] }],
  ['page_size=', { page_size: ['A valid integer is required.'] }],
  ['page_size=abc', { page_size: ['A valid integer is required.'] }],
];

/** Sets a user's joined date, so that list order does not depend on insertion speed. */
export async function joinedAt(server: TestServer, userId: number, iso: string) {
  await server.db.updateTable('users').set({ date_joined: iso }).where('id', '=', userId).execute();
}

/** Signs the user in on a new device (a new refresh-token family). */
export function signIn(server: TestServer, userId: number) {
  return startSession(server.db, server.config, { id: userId }, { remember: false, client: { ip: '127.0.0.1', userAgent: 'jest' } });
}

export async function liveSessions(server: TestServer, userId: number) {
  return server.db.selectFrom('user_sessions').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** The audit lines about one subject (an email for user actions), oldest first. */
export async function auditLines(server: TestServer, subject: string) {
  return server.db.selectFrom('audit_log').selectAll().where('subject', '=', subject).orderBy('id', 'asc').execute();
}

/**
 * One server for the describe block with the site's owner signed in, and a new ordinary member
 * before each test, so that no test sees another's changes to the member. The two objects keep
 * their identity and take the accounts of the moment.
 */
export function ownerAndFreshMemberFor() {
  const server = testServerFor();
  const owner = {} as Signed;
  const member = {} as Signed;
  let serial = 0;
  beforeAll(async () => {
    Object.assign(owner, await insertUser(server, { email: 'stella@example.com', is_owner: true, first_name: 'Stella' }));
  });
  beforeEach(async () => {
    serial += 1;
    Object.assign(member, await insertUser(server, { email: `ada${serial}@example.com`, first_name: 'Ada' }));
  });
  return { server, owner, member };
}

import { http, HttpResponse } from 'msw';

import type { AdminUser, AuditEntry } from '@/contract/admin';

import { server, url } from '../msw';

export const anAdminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 2,
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  is_staff: false,
  is_active: true,
  is_owner: false,
  date_joined: '2025-03-04T09:00:00.000Z',
  last_login: null,
  interest_notes: '',
  ...overrides,
});

export const anAuditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: '2025-06-09T10:00:00.000Z',
  actor_email: 'ada@example.com',
  action: 'document.uploaded',
  subject: 'CV 2025',
  details: 'category CV',
  ...overrides,
});

export interface AdminBackend {
  users: AdminUser[];
  audit: AuditEntry[];
  /** Whether staff must sign in with passkeys; the actor changes it only when the owner. */
  passkeysRequired: boolean;
  /** Query strings of every users-list request, e.g. `page=1&page_size=20`. */
  userQueries: string[];
  auditQueries: string[];
  mutations: string[];
}

function page<T>(items: T[], params: URLSearchParams) {
  const pageNumber = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('page_size') ?? 20);
  return { count: items.length, page: pageNumber, page_size: pageSize, results: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize) };
}

/**
 * An in-memory administration API that behaves like the server: search, paging, audit lines for
 * each action. The acting staff member is `actorEmail`. Tests override single calls to fail them.
 */
export function serveAdmin(users: AdminUser[], audit: AuditEntry[] = [], actorEmail = 'ada@example.com'): AdminBackend {
  const backend: AdminBackend = { users: [...users], audit: [...audit], passkeysRequired: false, userQueries: [], auditQueries: [], mutations: [] };
  const actorIsOwner = () => backend.users.some((u) => u.email === actorEmail && u.is_owner);
  const security = () => {
    const staff = backend.users.filter((u) => u.is_staff);
    return { staff_passkeys_required: backend.passkeysRequired, viewer_is_owner: actorIsOwner(), staff_count: staff.length, staff_with_passkeys: 0 };
  };
  const log = (action: string, user: AdminUser) => {
    const id = Math.max(0, ...backend.audit.map((l) => l.id)) + 1;
    backend.audit.unshift({ id, at: new Date().toISOString(), actor_email: actorEmail, action, subject: user.email, details: '' });
  };
  const find = (id: string | readonly string[] | undefined) => backend.users.find((u) => u.id === Number(id));
  const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

  server.use(
    http.get(url('/api/admin/users/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      backend.userQueries.push(params.toString());
      const term = (params.get('search') ?? '').toLowerCase();
      const matching = backend.users.filter(
        (u) => !term || [u.email, u.first_name, u.last_name, `${u.first_name} ${u.last_name}`].some((f) => f.toLowerCase().includes(term)),
      );
      return HttpResponse.json(page(matching, params));
    }),
    http.patch(url('/api/admin/users/:id/'), async ({ request, params }) => {
      const user = find(params.id);
      if (!user) return notFound();
      const body = (await request.json()) as Partial<AdminUser>;
      backend.mutations.push(`PATCH ${user.id} ${JSON.stringify(body)}`);
      if (body.is_staff !== undefined && body.is_staff !== user.is_staff) log(body.is_staff ? 'user.staff_granted' : 'user.staff_revoked', user);
      if (body.is_active !== undefined && body.is_active !== user.is_active) log(body.is_active ? 'user.activated' : 'user.deactivated', user);
      Object.assign(user, body);
      return HttpResponse.json(user);
    }),
    http.post(url('/api/admin/users/:id/sign-out/'), ({ params }) => {
      const user = find(params.id);
      if (!user) return notFound();
      backend.mutations.push(`SIGN-OUT ${user.id}`);
      log('user.signed_out', user);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(url('/api/admin/users/:id/'), ({ params }) => {
      const user = find(params.id);
      if (!user) return notFound();
      backend.mutations.push(`DELETE ${user.id}`);
      backend.users = backend.users.filter((u) => u !== user);
      log('user.deleted', user);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(url('/api/admin/sign-in-security/'), () => HttpResponse.json(security())),
    http.patch(url('/api/admin/sign-in-security/'), async ({ request }) => {
      if (!actorIsOwner()) return HttpResponse.json({ detail: 'Only the site’s owner can change how staff sign in.' }, { status: 403 });
      const body = (await request.json()) as { staff_passkeys_required: boolean };
      backend.mutations.push(`SECURITY ${JSON.stringify(body)}`);
      backend.passkeysRequired = body.staff_passkeys_required;
      return HttpResponse.json(security());
    }),
    http.get(url('/api/admin/audit/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      backend.auditQueries.push(params.toString());
      return HttpResponse.json(page(backend.audit, params));
    }),
  );
  return backend;
}

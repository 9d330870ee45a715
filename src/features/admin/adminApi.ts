import type { AdminUser, AdminUserPage, AdminUserUpdate, AuditPage } from '@/contract/admin';
import type { SignInSecurity, SignInSecurityUpdate } from '@/contract/passkeys';
import { api } from '@/lib/api/apiSlice';
import { isNotFound } from '@/lib/api/errors';
import { listTags } from '@/lib/api/listTags';
import { staffApiPaths } from '@/lib/staffApiPaths';

const userTags = listTags('AdminUser');
const auditList = { type: 'Audit', id: 'LIST' } as const;

export interface UserListArgs {
  search: string;
  page: number;
  page_size: number;
}

export interface AuditArgs {
  page: number;
  page_size: number;
}

/**
 * The administration area: users and the audit log. Every successful action writes an audit line,
 * so it refreshes the log too; a 404 means the user is gone, so the list is refreshed instead.
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUserPage, UserListArgs>({
      query: ({ search, page, page_size }) => ({
        url: staffApiPaths.adminUsers,
        params: search ? { search, page, page_size } : { page, page_size },
      }),
      providesTags: (result) => userTags.provide(result?.results),
    }),
    updateAdminUser: build.mutation<AdminUser, { id: number } & AdminUserUpdate>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.adminUser(id), method: 'PATCH', body }),
      invalidatesTags: (_result, error, { id }) => (error ? (isNotFound(error) ? [userTags.list] : []) : [userTags.item(id), auditList]),
    }),
    signOutAdminUser: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.adminUserSignOut(id), method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? (isNotFound(error) ? [userTags.list] : []) : [auditList]),
    }),
    deleteAdminUser: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.adminUser(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error && !isNotFound(error) ? [] : [userTags.item(id), userTags.list, auditList]),
    }),
    /** How staff sign in, and whether the one asking (the owner alone) may change it. */
    getSignInSecurity: build.query<SignInSecurity, void>({
      query: () => staffApiPaths.adminSignInSecurity,
      providesTags: ['SignInSecurity'],
    }),
    updateSignInSecurity: build.mutation<SignInSecurity, SignInSecurityUpdate>({
      query: (body) => ({ url: staffApiPaths.adminSignInSecurity, method: 'PATCH', body }),
      // The change is written to the audit log too.
      invalidatesTags: (_result, error) => (error ? [] : ['SignInSecurity', auditList]),
    }),
    getAuditLog: build.query<AuditPage, AuditArgs>({
      query: (params) => ({ url: staffApiPaths.adminAudit, params }),
      providesTags: [auditList],
    }),
  }),
});

export const {
  useGetAdminUsersQuery,
  useUpdateAdminUserMutation,
  useSignOutAdminUserMutation,
  useDeleteAdminUserMutation,
  useGetAuditLogQuery,
  useGetSignInSecurityQuery,
  useUpdateSignInSecurityMutation,
} = adminApi;

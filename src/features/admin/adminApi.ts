import type { AdminUser, AdminUserPage, AdminUserUpdate, AuditPage } from '@/contract/admin';
import { api } from '@/lib/api/apiSlice';
import { isNotFound } from '@/lib/api/errors';
import { apiPaths } from '@/lib/paths';

const userList = { type: 'AdminUser', id: 'LIST' } as const;
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
        url: apiPaths.adminUsers,
        params: search ? { search, page, page_size } : { page, page_size },
      }),
      providesTags: (result) => [userList, ...(result?.results ?? []).map(({ id }) => ({ type: 'AdminUser' as const, id }))],
    }),
    updateAdminUser: build.mutation<AdminUser, { id: number } & AdminUserUpdate>({
      query: ({ id, ...body }) => ({ url: apiPaths.adminUser(id), method: 'PATCH', body }),
      invalidatesTags: (_result, error, { id }) => (error ? (isNotFound(error) ? [userList] : []) : [{ type: 'AdminUser', id }, auditList]),
    }),
    signOutAdminUser: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.adminUserSignOut(id), method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? (isNotFound(error) ? [userList] : []) : [auditList]),
    }),
    deleteAdminUser: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.adminUser(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error && !isNotFound(error) ? [] : [{ type: 'AdminUser', id }, userList, auditList]),
    }),
    getAuditLog: build.query<AuditPage, AuditArgs>({
      query: (params) => ({ url: apiPaths.adminAudit, params }),
      providesTags: [auditList],
    }),
  }),
});

export const { useGetAdminUsersQuery, useUpdateAdminUserMutation, useSignOutAdminUserMutation, useDeleteAdminUserMutation, useGetAuditLogQuery } = adminApi;

/**
 * The administration area's calls (/api/admin/...): user management and the staff audit log.
 * Shared by the server's route schemas and the SPA (`import type` only).
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { FIELD_LIMITS } from './fieldLimits';
import { IdSchema, UserSchema } from './index';

/** Largest page a list call answers; bigger requests are refused rather than silently cut. */
const ADMIN_MAX_PAGE_SIZE = 100;
const ADMIN_DEFAULT_PAGE_SIZE = 20;

const pageFields = {
  page: Type.Integer({ minimum: 1, maximum: 1000000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: ADMIN_MAX_PAGE_SIZE, default: ADMIN_DEFAULT_PAGE_SIZE }),
};

export const AdminPageQuerySchema = Type.Object(pageFields);

export const AdminUserQuerySchema = Type.Object({
  /** Case-insensitive part of the email, first name, last name or full name. */
  search: Type.String({ maxLength: FIELD_LIMITS.userSearch, default: '' }),
  ...pageFields,
});

/** One page of a list, with the total number of matching rows. */
const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer(),
    page: Type.Integer(),
    page_size: Type.Integer(),
    results: Type.Array(item),
  });

/** A user as the administration area sees them: the profile, and whether they may sign in and own the site. */
export const AdminUserSchema = Type.Composite([
  UserSchema,
  Type.Object({
    is_active: Type.Boolean(),
    /** The site's owner: only the owner manages staff rights and acts on staff accounts or on the owner's. */
    is_owner: Type.Boolean(),
  }),
]);
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminUserPageSchema = PageOf(AdminUserSchema);
export type AdminUserPage = Static<typeof AdminUserPageSchema>;

export const AdminUserUpdateSchema = Type.Object(
  { is_staff: Type.Optional(Type.Boolean()), is_active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type AdminUserUpdate = Static<typeof AdminUserUpdateSchema>;

export const AuditEntrySchema = Type.Object({
  id: IdSchema,
  at: Type.String(),
  actor_email: Type.String(),
  action: Type.String(),
  subject: Type.String(),
  details: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditPageSchema = PageOf(AuditEntrySchema);
export type AuditPage = Static<typeof AuditPageSchema>;

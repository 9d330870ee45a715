import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { IdParamsSchema } from '../../../contract';
import { AdminUserPageSchema, AdminUserQuerySchema, AdminUserSchema, AdminUserUpdateSchema } from '../../../contract/admin';
import { detail, errorResponses, MESSAGES, NoContent } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { changeUserAccess, deleteUser, findUserById, findUsersPage, signOutUserEverywhere, userView } from '../../repositories/users';
import { adminPaths } from './paths';
import { requireJsonBooleans } from './validation';

const NOT_FOUND = detail(MESSAGES.notFound);
const OWN_STAFF = { detail: 'You cannot remove your own staff access.' };
const OWN_ACTIVE = { detail: 'You cannot deactivate your own account.' };
const OWN_DELETE = { detail: 'You cannot delete your own account.' };
const OWNER_ACCOUNT = { detail: 'Only the site’s owner can change the owner’s account.' };
const OWNER_STAFF_RIGHTS = { detail: 'Only the site’s owner can grant or withdraw staff rights.' };
const OWNER_STAFF_ACCOUNTS = { detail: 'Only the site’s owner can deactivate or delete a staff account.' };
const OWNER_STAFF_SIGN_OUT = { detail: 'Only the site’s owner can sign another staff member out everywhere.' };

/** Finding users and changing their staff right, active state, sessions and existence. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPaths.users,
    { onRequest: app.requireStaff, schema: { querystring: AdminUserQuerySchema, response: { 200: AdminUserPageSchema, ...errorResponses } } },
    async (request) => {
      const { search, page, page_size } = request.query;
      const { count, rows } = await findUsersPage(app.db, { search, page, pageSize: page_size });
      return { count, page, page_size, results: rows.map((row) => userView(row, 'admin')) };
    },
  );

  app.patch(
    adminPaths.user,
    {
      onRequest: app.requireStaff,
      preValidation: requireJsonBooleans(['is_staff', 'is_active']),
      schema: {
        params: IdParamsSchema,
        body: AdminUserUpdateSchema,
        response: { 200: AdminUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      const { is_staff, is_active } = request.body;
      const target = await findUserById(app.db, request.params.id);
      if (!target) return reply.code(404).send(NOT_FOUND);
      if (target.id === actor.id && is_staff === false) return reply.code(400).send(OWN_STAFF);
      if (target.id === actor.id && is_active === false) return reply.code(400).send(OWN_ACTIVE);

      const staffChanged = is_staff !== undefined && is_staff !== (target.is_staff === 1);
      const activeChanged = is_active !== undefined && is_active !== (target.is_active === 1);
      if (!staffChanged && !activeChanged) return userView(target, 'admin');
      const byOwner = actor.is_owner === 1;
      if (target.is_owner === 1 && !byOwner) return reply.code(403).send(OWNER_ACCOUNT);
      if (staffChanged && !byOwner) return reply.code(403).send(OWNER_STAFF_RIGHTS);
      if (activeChanged && target.is_staff === 1 && !byOwner) return reply.code(403).send(OWNER_STAFF_ACCOUNTS);

      const updated = await changeUserAccess(app.db, actor, target, {
        ...(staffChanged ? { isStaff: is_staff } : {}),
        ...(activeChanged ? { isActive: is_active } : {}),
      });
      if (!updated) return reply.code(404).send(NOT_FOUND);
      return userView(updated, 'admin');
    },
  );

  /** An action on one user that answers nothing on success. */
  const userAction = { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 204: NoContent, ...errorResponses } } };

  app.post(adminPaths.userSignOut, userAction, async (request, reply) => {
    const actor = signedInUser(request);
    const target = await findUserById(app.db, request.params.id);
    if (!target) return reply.code(404).send(NOT_FOUND);
    if (target.is_owner === 1 && target.id !== actor.id) return reply.code(403).send(OWNER_ACCOUNT);
    // Staff could otherwise keep each other signed out.
    if (target.is_staff === 1 && target.id !== actor.id && actor.is_owner !== 1) return reply.code(403).send(OWNER_STAFF_SIGN_OUT);
    await signOutUserEverywhere(app.db, actor, target);
    return reply.code(204).send(null);
  });

  app.delete(adminPaths.user, userAction, async (request, reply) => {
    const actor = signedInUser(request);
    const target = await findUserById(app.db, request.params.id);
    if (!target) return reply.code(404).send(NOT_FOUND);
    if (target.id === actor.id) return reply.code(400).send(OWN_DELETE);
    if (target.is_owner === 1) return reply.code(403).send(OWNER_ACCOUNT);
    if (target.is_staff === 1 && actor.is_owner !== 1) return reply.code(403).send(OWNER_STAFF_ACCOUNTS);
    const deleted = await deleteUser(app.db, actor, target);
    if (!deleted) return reply.code(404).send(NOT_FOUND);
    return reply.code(204).send(null);
  });
};

export default userRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import auditRoutes from './audit';
import securityRoutes from './security';
import userRoutes from './users';

/** The administration area's calls, staff only. */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(userRoutes);
  await app.register(auditRoutes);
  await app.register(securityRoutes);
};

export default adminRoutes;

import type { FastifyPluginAsync } from 'fastify';

import appTokenRoutes from './appToken';
import csrfRoutes from './csrf';
import loginRoutes from './login';
import passkeyRoutes from './passkeys';
import passwordResetRoutes from './passwordReset';
import profileRoutes from './profile';
import registerRoutes from './register';
import sessionRoutes from './sessions';
import tokenRoutes from './token';

/** Accounts: registration, sign-in and tokens, profile and sessions, password reset, app-token login, passkeys. */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(csrfRoutes);
  await app.register(registerRoutes);
  await app.register(loginRoutes);
  await app.register(tokenRoutes);
  await app.register(profileRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordResetRoutes);
  await app.register(appTokenRoutes);
  await app.register(passkeyRoutes);
};

export default accountRoutes;

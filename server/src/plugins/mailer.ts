import fp from 'fastify-plugin';

import { createMailer, type Mailer } from '../services/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The site's outgoing mail (SMTP or the outbox folder), closed with the server. */
export default fp(
  async (app) => {
    const mailer = createMailer(app.config, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.idle();
      mailer.close();
    });
  },
  { name: 'mailer' },
);

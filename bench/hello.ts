import Fastify from 'fastify';

/** The baseline: a bare Fastify hello-world, measured in the same run as the site. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

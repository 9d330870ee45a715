import v8 from 'node:v8';

/*
 * Imported first by the server's entry, before it has answered anything: V8 reads this setting
 * whenever a property access meets a new kind of object.
 *
 * The code every answer runs through (Fastify's reply, Node's HTTP response) meets more than
 * V8's default of four object shapes once a site has served pages, files and JSON. Beyond that
 * limit V8 gives up tracking the shapes and looks every property up the generic, slow way; the
 * cached public reads then cost about a fifth more than on a server that had answered nothing
 * else (bench/). Tracking up to eight keeps those accesses on the fast path.
 */
v8.setFlagsFromString('--max-valid-polymorphic-map-count=8');

/* Stacks in the log point into the TypeScript sources, not the bundle (dist/server has its source maps). */
process.setSourceMapsEnabled(true);

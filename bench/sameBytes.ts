import http from 'node:http';

import Fastify from 'fastify';

/**
 * The physical limit for a cached page: a bare Fastify route answering from memory the gzip bytes that
 * one address of the site (SOURCE) answered once, measured in the same run as the site.
 */

/** Through node:http rather than fetch, which would inflate the bytes. */
function gzipAnswer(url: string): Promise<{ body: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'gzip')
            reject(new Error(`${url} answered ${res.statusCode} with content-encoding ${res.headers['content-encoding'] ?? 'none'}`));
          else resolve({ body: Buffer.concat(chunks), contentType: res.headers['content-type'] ?? 'text/html' });
        });
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const { body, contentType } = await gzipAnswer(String(process.env.SOURCE));
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => reply.header('content-type', contentType).header('content-encoding', 'gzip').send(body));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

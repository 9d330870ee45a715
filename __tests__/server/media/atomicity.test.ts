import http from 'node:http';
import type { AddressInfo } from 'node:net';

import sharp from 'sharp';

import * as audit from '../../../server/src/repositories/audit';
import { serverWithAccountsFor } from '../testServer';
import { createCategory, uploadDocument, uploadImage } from './client';
import { filesOnDisk, form, pngWithGps } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

/** An upload is all or nothing: a failure at any step leaves neither files nor rows. */
describe('upload atomicity', () => {
  const { server, staff } = serverWithAccountsFor();
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('removes the stored files when the database write fails', async () => {
    jest.spyOn(audit, 'recordAudit').mockRejectedValue(new Error('database unavailable'));
    const image = await uploadImage(server, staff);
    expect(image.statusCode).toBe(500);
    expect(image.json()).toEqual({ detail: 'A server error occurred.' });
    jest.restoreAllMocks();
    const category = await createCategory(server, staff, 'CV');
    jest.spyOn(audit, 'recordAudit').mockRejectedValue(new Error('database unavailable'));
    const document = await uploadDocument(server, staff, { category: String(category.id), is_current: 'true' });
    expect(document.statusCode).toBe(500);
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
    expect(await server.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect(await server.db.selectFrom('documents').select('id').execute()).toEqual([]);
  });

  it('keeps nothing of an upload whose connection drops halfway', async () => {
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const body = form({ title: 'Interrupted' }, [{ field: 'image', filename: 'big.png', data: Buffer.concat([await pngWithGps(), Buffer.alloc(2_000_000)]) }]);
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/photos/images/',
        headers: { ...staff, ...body.headers, 'content-length': body.payload.length },
      });
      request.on('error', () => resolve());
      request.write(body.payload.subarray(0, body.payload.length / 2), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 100);
      });
    });
    // A complete upload afterwards finds a clean slate and leaves exactly its own five files.
    expect((await uploadImage(server, staff)).statusCode).toBe(201);
    expect(filesOnDisk(server.config.dataDir)).toHaveLength(5);
    expect((await server.db.selectFrom('images').select('title').execute()).map((r) => r.title)).toEqual(['A photo']);
  });

  it('serves other requests while a large picture is processed', async () => {
    const large = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#4a6' } })
      .jpeg()
      .toBuffer();
    const order: string[] = [];
    const upload = uploadImage(server, staff, {}, { data: large, filename: 'large.jpg' }).then((res) => {
      order.push('upload');
      return res;
    });
    // Give the upload time to reach the image pipeline.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const list = await server.inject({ method: 'GET', url: '/api/photos/galleries/' });
    order.push('list');
    expect(list.statusCode).toBe(200);
    expect((await upload).statusCode).toBe(201);
    expect(order).toEqual(['list', 'upload']);
  });
});

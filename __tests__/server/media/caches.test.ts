import { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

import { ResponseCache } from '../../../server/src/lib/responseCache';
import type { Storage } from '../../../server/src/storage';
import { MemoryCachedStorage } from '../../../server/src/storage/memoryCache';

function fakeStorage(files: Record<string, Buffer>) {
  const reads: string[] = [];
  const storage: Storage = {
    put: async (key, data) => {
      files[key] = data;
    },
    stat: async (key) => (files[key] ? { size: files[key].length, modified: new Date(0) } : undefined),
    openReadStream: async (key) => Readable.from([files[key]]),
    read: async (key) => {
      reads.push(key);
      if (!files[key]) throw new Error('missing');
      return files[key];
    },
    delete: async (key) => {
      delete files[key];
    },
    list: async function* () {
      for (const [key, data] of Object.entries(files)) yield { key, size: data.length, modified: new Date(0) };
    },
  };
  return { storage, reads, files };
}

const options = { maxFileBytes: 10, maxTotalBytes: 25, ttlMs: 60_000 };

describe('MemoryCachedStorage', () => {
  it('serves a small file from memory after the first read', async () => {
    const { storage, reads } = fakeStorage({ 'images/a.webp': Buffer.from('small') });
    const cached = new MemoryCachedStorage(storage, options);
    expect(cached.held('images/a.webp')).toBeUndefined();
    await cached.read('images/a.webp');
    expect((await cached.read('images/a.webp')).toString()).toBe('small');
    expect(cached.held('images/a.webp')).toMatchObject({ info: { size: 5 }, data: Buffer.from('small') });
    expect(reads).toEqual(['images/a.webp']);
  });

  it('never keeps a large file', async () => {
    const { storage, reads } = fakeStorage({ 'documents/cv.pdf': Buffer.alloc(20) });
    const cached = new MemoryCachedStorage(storage, options);
    await cached.read('documents/cv.pdf');
    await cached.read('documents/cv.pdf');
    expect(reads).toHaveLength(2);
  });

  it('forgets a deleted file at once, even when a read of it was under way', async () => {
    const { storage } = fakeStorage({ 'images/a.webp': Buffer.from('small') });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Storage = {
      ...storage,
      read: async (key) => {
        const data = await storage.read(key);
        await gate;
        return data;
      },
    };
    const cached = new MemoryCachedStorage(slow, options);
    const reading = cached.read('images/a.webp');
    await new Promise((resolve) => setImmediate(resolve));
    await cached.delete('images/a.webp');
    release();
    expect((await reading).toString()).toBe('small');
    expect(await cached.stat('images/a.webp')).toBeUndefined();
    expect(cached.held('images/a.webp')).toBeUndefined();
    await expect(cached.read('images/a.webp')).rejects.toThrow('missing');
  });

  it('stays within its memory budget, dropping the oldest files first', async () => {
    const files = Object.fromEntries(['a', 'b', 'c'].map((n) => [`images/${n}.webp`, Buffer.alloc(10)]));
    const { storage, reads } = fakeStorage(files);
    const cached = new MemoryCachedStorage(storage, options);
    for (const n of ['a', 'b', 'c']) await cached.read(`images/${n}.webp`);
    await cached.read('images/c.webp');
    await cached.read('images/a.webp');
    expect(reads).toEqual(['images/a.webp', 'images/b.webp', 'images/c.webp', 'images/a.webp']);
  });
});

describe('ResponseCache', () => {
  function fakeReply() {
    const sent: { status: number; body: unknown }[] = [];
    let status = 200;
    const reply = {
      code(value: number) {
        status = value;
        return reply;
      },
      type: () => reply,
      send(body: unknown) {
        // Cached answers go out as their prepared bytes.
        sent.push({ status, body: Buffer.isBuffer(body) ? body.toString('utf8') : body });
        return reply;
      },
    };
    return { reply: reply as unknown as FastifyReply, sent };
  }

  it('computes an answer once and serves it until cleared', async () => {
    const answers = new ResponseCache();
    let computed = 0;
    const compute = async () => ({ status: 200, body: { n: ++computed } });
    const { reply, sent } = fakeReply();
    await answers.send(reply, 'k', compute);
    await answers.send(reply, 'k', compute);
    answers.clear();
    await answers.send(reply, 'k', compute);
    expect(sent.map((s) => s.body)).toEqual(['{"n":1}', '{"n":1}', '{"n":2}']);
  });

  it('does not keep an answer computed while a write cleared the cache', async () => {
    const answers = new ResponseCache();
    let computed = 0;
    const { reply, sent } = fakeReply();
    await answers.send(reply, 'k', async () => {
      answers.clear();
      return { status: 404, body: { n: ++computed } };
    });
    await answers.send(reply, 'k', async () => ({ status: 200, body: { n: ++computed } }));
    expect(sent).toEqual([
      { status: 404, body: '{"n":1}' },
      { status: 200, body: '{"n":2}' },
    ]);
  });
});

/**
 * The image worker process: decodes and encodes one upload at a time for the site's process
 * (services/imagePool.ts), on libvips threads and memory of its own.
 */
import sharp from 'sharp';

import { encodeImage } from './imageEncoding';
import type { EncodeAnswer, EncodeJob } from './imageJobs';

// No cache of decoded images between jobs, and one libvips thread: the site keeps the other cores.
sharp.cache(false);
sharp.concurrency(1);

process.on('message', (job: EncodeJob & { id: number }) => {
  const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
  encodeImage(data, job.format, job.animated).then(
    (image) => process.send?.({ id: job.id, answer: { ok: true, image } satisfies EncodeAnswer }),
    (error: unknown) =>
      process.send?.({ id: job.id, answer: { ok: false, pixelLimit: error instanceof Error && /pixel limit/i.test(error.message) } satisfies EncodeAnswer }),
  );
});
// The site is gone: nothing left to work for.
process.on('disconnect', () => process.exit(0));

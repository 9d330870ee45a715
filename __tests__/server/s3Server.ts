import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver has no type declarations; only run() and close() are used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

export const S3_BUCKET = 'site-media';

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, and the STORAGE_URL that
 * points at it. The AWS SDK reads the credentials s3rver accepts from the environment.
 */
export async function startS3(): Promise<{ storageUrl: string; stop: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'site-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return {
    storageUrl: `s3://${S3_BUCKET}/media?endpoint=http://127.0.0.1:${port}&region=us-east-1&path_style=true`,
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A local S3 server for the tests of the enclosing block: started before them, stopped after them. Its
 * `storageUrl` is there once the tests run.
 */
export function s3ServerForTests(): { storageUrl: string } {
  const s3 = { storageUrl: '' };
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ storageUrl: s3.storageUrl, stop } = await startS3());
  });
  afterAll(async () => {
    await stop?.();
  });
  return s3;
}

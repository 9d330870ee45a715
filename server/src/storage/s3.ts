import { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import { type ByteRange, isValidKey, type ListedFile, type Storage, type StoredFileInfo } from './index';

export interface S3Location {
  bucket: string;
  /** Folder inside the bucket, '' or ending in '/'. */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/**
 * STORAGE_URL=s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION&path_style=true. The endpoint names an
 * S3-compatible server (MinIO, Ceph, R2...); without it, AWS itself. Credentials come from the SDK's
 * usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export function parseS3Url(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`STORAGE_URL is not a URL: "${text}"`);
  }
  if (url.protocol !== 's3:' || !url.hostname) throw new Error(`STORAGE_URL must look like s3://bucket?region=…, not "${text}"`);
  const known = new Set(['endpoint', 'region', 'path_style']);
  const unknown = [...url.searchParams.keys()].filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`STORAGE_URL has unknown options: ${unknown.join(', ')} (known: endpoint, region, path_style)`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: url.searchParams.get('endpoint') ?? undefined,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: ['true', '1', 'yes'].includes(url.searchParams.get('path_style') ?? ''),
  };
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Files in an S3 bucket, so that several instances on several machines share one set of media.
 * A PUT is atomic in S3: a reader never sees a partial object.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  readonly name: string;

  constructor(private readonly location: S3Location) {
    this.client = new S3Client({ endpoint: location.endpoint, region: location.region, forcePathStyle: location.forcePathStyle });
    this.name = `S3 bucket ${location.bucket}${location.prefix ? `/${location.prefix}` : ''} at ${location.endpoint ?? `AWS ${location.region}`}`;
  }

  async check(timeoutMs: number): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason = isMissing(error) ? 'there is no such bucket' : error instanceof Error ? error.message || error.name : String(error);
      throw new Error(`The ${this.name} cannot be used: ${reason}.`);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Body: data, ContentLength: data.length }));
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async openReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`);
    return answer.Body;
  }

  async read(key: string): Promise<Buffer> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
    if (!answer.Body) throw new Error(`no body for ${key}`);
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
  }

  /** One page of the listing after another (S3 answers at most 1000 keys a call). */
  async *list(): AsyncIterable<ListedFile> {
    const { bucket, prefix } = this.location;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length) ?? '';
        if (isValidKey(key)) yield { key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return `${this.location.prefix}${key}`;
  }
}

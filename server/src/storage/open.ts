import path from 'node:path';

import type { Config } from '../config';
import type { Storage } from './index';
import { LocalStorage } from './local';
import { parseS3Url, S3Storage } from './s3';

/** The media storage the configuration names: an S3 bucket (STORAGE_URL), else DATA_DIR/media. */
export function openStorage(config: Pick<Config, 'dataDir' | 'storageUrl'>): Storage {
  return config.storageUrl ? new S3Storage(parseS3Url(config.storageUrl)) : new LocalStorage(path.join(config.dataDir, 'media'));
}

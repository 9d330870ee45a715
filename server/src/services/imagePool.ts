import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

import type { ImageFormat, ProcessedImage } from './images';

export type EncodedImage = Pick<ProcessedImage, 'width' | 'height' | 'original' | 'renditions'>;
export interface EncodeJob {
  data: Uint8Array;
  format: ImageFormat;
  animated: boolean;
}
export type EncodeAnswer = { ok: true; image: EncodedImage } | { ok: false; pixelLimit: boolean };

/** A worker left idle this long is stopped, giving its memory back. */
const IDLE_MILLISECONDS = 10_000;

interface Pending {
  id: number;
  job: EncodeJob;
  resolve: (answer: EncodeAnswer) => void;
}

let worker: ChildProcess | undefined;
let current: Pending | undefined;
const queue: Pending[] = [];
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function revive(image: EncodedImage): EncodedImage {
  const { thumb, banner, large } = image.renditions;
  return { ...image, original: asBuffer(image.original), renditions: { thumb: asBuffer(thumb), banner: asBuffer(banner), large: asBuffer(large) } };
}

function startWorker(): ChildProcess {
  // Compiled, the worker is a bundle beside this one; from sources it runs through tsx.
  const compiled = __filename.endsWith('.js');
  const child = fork(path.join(__dirname, compiled ? 'imageWorker.js' : 'imageWorker.ts'), [], {
    execArgv: compiled ? [] : ['--import', 'tsx'],
    // Fewer malloc arenas: libvips frees large buffers across threads, and each arena keeps its own.
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message: { id: number; answer: EncodeAnswer }) => {
    if (current?.id !== message.id) return;
    const { resolve } = current;
    current = undefined;
    resolve(message.answer.ok ? { ok: true, image: revive(message.answer.image) } : message.answer);
    next();
  });
  // A worker that dies (out of memory, killed) fails its job as an unreadable image; the next job starts a new one.
  child.on('exit', () => {
    if (worker === child) worker = undefined;
    const failed = current;
    current = undefined;
    failed?.resolve({ ok: false, pixelLimit: false });
    next();
  });
  return child;
}

function next(): void {
  if (current) return;
  const pending = queue.shift();
  if (!pending) {
    // Idle: the site's process may exit without waiting for the worker, which is stopped after a while.
    worker?.channel?.unref();
    worker?.unref();
    idleTimer = setTimeout(() => worker?.kill(), IDLE_MILLISECONDS);
    idleTimer.unref();
    return;
  }
  clearTimeout(idleTimer);
  worker ??= startWorker();
  worker.ref();
  worker.channel?.ref();
  current = pending;
  worker.send({ id: pending.id, ...pending.job });
}

/**
 * Encodes an upload in the image worker process, one upload at a time: whatever arrives at once,
 * image work takes one core and one image's memory, and sign-ins, downloads and argon2 keep the
 * site's own threads.
 */
export function encodeInWorker(job: EncodeJob): Promise<EncodeAnswer> {
  return new Promise((resolve) => {
    queue.push({ id: nextId++, job, resolve });
    next();
  });
}

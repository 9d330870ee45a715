import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

import type { EncodeAnswer, EncodedImage, EncodeJob } from './imageJobs';

/** A worker left idle this long is stopped, giving its memory back. */
const IDLE_MILLISECONDS = 10_000;

interface Pending {
  id: number;
  job: EncodeJob;
  resolve: (answer: EncodeAnswer) => void;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function revive(image: EncodedImage): EncodedImage {
  const renditions = Object.fromEntries(Object.entries(image.renditions).map(([name, bytes]) => [name, asBuffer(bytes)]));
  return { ...image, original: asBuffer(image.original), renditions: renditions as EncodedImage['renditions'] };
}

/**
 * Encodes uploads in a worker process, one upload at a time: whatever arrives at once, image work
 * takes one core and one image's memory, and sign-ins, downloads and argon2 keep the site's own
 * threads. The worker starts with the first job and stops when idle or when the pool is closed.
 */
export class ImagePool {
  private worker: ChildProcess | undefined;
  private current: Pending | undefined;
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  encode(job: EncodeJob): Promise<EncodeAnswer> {
    if (this.closed) return Promise.reject(new Error('the image pool is closed'));
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, job, resolve });
      this.next();
    });
  }

  /** Stops the worker and waits for it to exit; jobs still queued fail as unreadable images. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const pending of this.queue.splice(0)) pending.resolve({ ok: false, pixelLimit: false });
    const worker = this.worker;
    if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill();
    await exited;
  }

  private startWorker(): ChildProcess {
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
      if (this.current?.id !== message.id) return;
      const { resolve } = this.current;
      this.current = undefined;
      resolve(message.answer.ok ? { ok: true, image: revive(message.answer.image) } : message.answer);
      this.next();
    });
    // A worker that dies (out of memory, killed) fails its job as an unreadable image; the next job starts a new one.
    child.on('exit', () => {
      if (this.worker === child) this.worker = undefined;
      const failed = this.current;
      this.current = undefined;
      failed?.resolve({ ok: false, pixelLimit: false });
      this.next();
    });
    return child;
  }

  private next(): void {
    if (this.current || this.closed) return;
    const pending = this.queue.shift();
    if (!pending) {
      // Idle: the site's process may exit without waiting for the worker, which is stopped after a while.
      this.worker?.channel?.unref();
      this.worker?.unref();
      this.idleTimer = setTimeout(() => this.worker?.kill(), IDLE_MILLISECONDS);
      this.idleTimer.unref();
      return;
    }
    clearTimeout(this.idleTimer);
    this.worker ??= this.startWorker();
    this.worker.ref();
    this.worker.channel?.ref();
    this.current = pending;
    this.worker.send({ id: pending.id, ...pending.job });
  }
}

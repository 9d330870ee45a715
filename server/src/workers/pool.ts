import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';

import { Piscina } from 'piscina';

import { MESSAGES } from '../errors';
import type { Tasks, ThreadKind } from './tasks';
import type { TaskAnswer, TaskMessage } from './worker';

/** Why a task was refused: past its deadline, past its thread's memory, nested past the stack, or the queue is full. */
export type Refusal = 'deadline' | 'memory' | 'nesting' | 'busy';

/** What each task works on, as its refusal names it. */
const SUBJECTS: Record<keyof Tasks, string> = {
  markdown: 'This text',
  bibtex: 'This BibTeX',
  notebook: 'This notebook',
  citations: "This paper's entry",
  ready: 'Starting the site',
};

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(2))} second${ms === 1000 ? '' : 's'}`;

function refusalMessage(reason: Refusal, subject: string, deadlineMs: number): string {
  if (reason === 'busy') return MESSAGES.busy;
  if (reason === 'deadline') return `${subject} takes more than ${seconds(deadlineMs)} to process: make it shorter or simpler, or split it.`;
  if (reason === 'memory') return `${subject} needs more memory than the site gives one task: make it shorter, or split it.`;
  return `${subject} is nested too deeply (elements, quotes or lists inside each other): flatten it.`;
}

/**
 * Heavy work that could not be done for what was given: a 400 naming the problem (a 503 when the
 * pool is busy), answered by the error handler unless the caller says it in its own words.
 */
export class WorkRefused extends Error {
  constructor(
    readonly reason: Refusal,
    subject: string,
    deadlineMs: number,
  ) {
    super(refusalMessage(reason, subject, deadlineMs));
  }

  get status(): 400 | 503 {
    return this.reason === 'busy' ? 503 : 400;
  }
}

export interface PoolOptions {
  threads: number;
  deadlineMs: number;
  memoryMb: number;
}

/** Tasks waiting for a thread at most: past that the site is busy, and says so at once. */
const MAX_QUEUE = 64;
/** A task that waits this long for a thread is given up: its caller has been kept long enough. */
const MAX_WAIT_MS = 30_000;
/**
 * Worker threads run at a lower priority than the event loop's thread: on a small machine the work
 * of one staff preview then waits for visitors' requests, not the other way round.
 */
const NICE_INCREMENT = 10;
/** The citation thread stops after this long without work, giving its engines' memory back. */
const CITATION_IDLE_MS = 30_000;

/**
 * The worker threads that do the site's heavy work (Markdown, BibTeX, citations, charts): the event
 * loop only routes, reads and answers. Every task has a deadline counted from when a thread starts
 * it; a task past it, or past its thread's heap, ends with its thread (a new one takes its place) and
 * is refused. The threads start with the first task, or with `warmUp` at the site's start.
 */
export class WorkPool {
  private readonly pools = new Map<ThreadKind, Piscina>();
  private warming: Promise<void> | undefined;
  private warm = false;

  constructor(private readonly options: PoolOptions) {}

  /**
   * The threads of a kind, started on first use. Citations are formatted rarely (after a paper changes)
   * by engines that hold about 100 MB each: their one thread stops when idle. The others stay.
   */
  private threads(kind: ThreadKind): Piscina {
    let pool = this.pools.get(kind);
    if (!pool) {
      // Compiled, the worker is a bundle beside this one; from sources it runs through tsx.
      const compiled = __filename.endsWith('.js');
      const count =
        kind === 'citations'
          ? { minThreads: 0, maxThreads: 1, idleTimeout: CITATION_IDLE_MS }
          : { minThreads: this.options.threads, maxThreads: this.options.threads };
      pool = new Piscina({
        filename: path.join(__dirname, compiled ? 'worker.js' : 'worker.ts'),
        execArgv: compiled ? [] : ['--import', 'tsx'],
        workerData: { kind },
        ...count,
        maxQueue: MAX_QUEUE,
        niceIncrement: NICE_INCREMENT,
        resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
      this.pools.set(kind, pool);
    }
    return pool;
  }

  /** Runs a task in a worker thread; rejects with WorkRefused when it cannot finish within its limits. */
  async run<K extends keyof Tasks>(name: K, input: Parameters<Tasks[K]>[0], deadlineMs = this.options.deadlineMs): Promise<Awaited<ReturnType<Tasks[K]>>> {
    const pool = this.threads(name === 'citations' ? 'citations' : 'markup');
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let reason: Refusal | undefined;
    const giveUp = (why: Refusal) => {
      reason = why;
      abort.abort();
    };
    const waiting = setTimeout(() => giveUp('busy'), MAX_WAIT_MS);
    let running: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      clearTimeout(waiting);
      running = setTimeout(() => giveUp('deadline'), deadlineMs);
    });
    try {
      const message: TaskMessage = { name, input, started: port2 };
      const answer = (await pool.run(message, { signal: abort.signal, transferList: [port2] })) as TaskAnswer;
      if (!answer.ok) throw new WorkRefused(answer.reason, SUBJECTS[name], deadlineMs);
      return answer.value as Awaited<ReturnType<Tasks[K]>>;
    } catch (error) {
      if (error instanceof WorkRefused) throw error;
      if (reason) throw new WorkRefused(reason, SUBJECTS[name], deadlineMs);
      const code = (error as { code?: string }).code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkRefused('memory', SUBJECTS[name], deadlineMs);
      if (error instanceof Error && error.message === 'Task queue is at limit') throw new WorkRefused('busy', SUBJECTS[name], deadlineMs);
      throw error;
    } finally {
      clearTimeout(waiting);
      clearTimeout(running);
      port1.close();
    }
  }

  /**
   * Like run, but a refusal of what was given (too big, too slow, too deeply nested) comes back as
   * the caller's own answer, made from the refusal's message: the editor shows it beside the text.
   * A busy pool is still thrown (a 503 with Retry-After).
   */
  async attempt<K extends keyof Tasks, T>(
    name: K,
    input: Parameters<Tasks[K]>[0],
    refused: (message: string) => T,
  ): Promise<Awaited<ReturnType<Tasks[K]>> | T> {
    try {
      return await this.run(name, input);
    } catch (error) {
      if (error instanceof WorkRefused && error.status === 400) return refused(error.message);
      throw error;
    }
  }

  /** Starts every thread (each loads its modules and renders once, see worker.ts); resolves when they all have. */
  warmUp(): Promise<void> {
    this.warming ??= Promise.all(Array.from({ length: this.options.threads }, () => this.run('ready', undefined))).then(() => {
      this.warm = true;
    });
    return this.warming;
  }

  /** Whether every thread has loaded what it needs (readiness reports it). */
  get ready(): boolean {
    return this.warm;
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    this.warming = undefined;
    this.warm = false;
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}

/**
 * A worker thread of the heavy-work pool (workers/pool.ts). It says when it starts a task, so that
 * the task's deadline counts its own time only, not its wait in the queue or the thread's start.
 */
import type { MessagePort } from 'node:worker_threads';

import { workerData } from 'piscina';

import { type TaskName, TASKS, type ThreadKind, warmUpThread } from './tasks';

export interface TaskMessage {
  name: TaskName;
  input: unknown;
  started: MessagePort;
}

/** What a task answers: its value, or why it could not finish (a stack overflow is input nested too deeply). */
export type TaskAnswer = { ok: true; value: unknown } | { ok: false; reason: 'nesting' };

async function runTask({ name, input, started }: TaskMessage): Promise<TaskAnswer> {
  started.postMessage('started');
  started.close();
  try {
    const task = TASKS[name] as (input: unknown) => unknown;
    return { ok: true, value: await task(input) };
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) return { ok: false, reason: 'nesting' };
    throw error;
  }
}

/**
 * The pool takes a thread's handler once this resolves: a new thread (at the start, or in place of
 * one ended at a deadline) has loaded and run every part before its first task, whose deadline then
 * counts the task alone.
 */
export default warmUpThread((workerData as { kind: ThreadKind }).kind).then(() => runTask);

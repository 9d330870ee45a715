/** Work done again and again in the background: sending queued mail, publishing scheduled notes. */
export interface BackgroundLoop {
  /** Asks for a pass as soon as possible (something changed), without waiting for it. */
  wake(): void;
  /** A pass that starts now, or right after the one running (which may have begun before the caller's change); resolves when it is over. */
  runNow(): Promise<void>;
  /** Resolves once no pass is running or asked for. */
  idle(): Promise<void>;
  /** No pass after the running one, which it waits for. */
  stop(): Promise<void>;
}

export interface BackgroundLoopOptions {
  /**
   * One pass; answers when the next one is due (a time in ms), or nothing to sleep as long as allowed.
   * `stopping` is aborted once the loop is told to stop: a long pass ends between two items of its work
   * rather than keeping the server from closing.
   */
  pass: (stopping: AbortSignal) => Promise<number | undefined | void>;
  /** The longest sleep between passes: work another instance asked for, or an announcement lost, waits no longer. */
  maxSleepMs: number;
  /** A failed pass is reported here, and the loop tries again after its longest sleep. */
  onError: (error: unknown) => void;
}

/** Timers fire a little early or late: a pass due at a time runs just after it. */
const MARGIN_MS = 50;

/**
 * Runs `pass` one at a time: a pass asked for while one runs follows it (one, however many ask), and
 * after each pass a timer asks for the next when it is due. Timers never keep the process alive.
 */
export function backgroundLoop({ pass, maxSleepMs, onError }: BackgroundLoopOptions): BackgroundLoop {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let following: Promise<void> | undefined;

  const onePass = async () => {
    clearTimeout(timer);
    let wait = maxSleepMs;
    try {
      const next = await pass(stopping.signal);
      if (typeof next === 'number') wait = Math.min(maxSleepMs, Math.max(0, next - Date.now()) + MARGIN_MS);
    } catch (error) {
      onError(error);
    }
    if (!stopped) timer = setTimeout(() => void runNow(), wait).unref();
  };

  const runNow = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (!running) {
      running = onePass().finally(() => {
        running = undefined;
      });
      return running;
    }
    following ??= running.then(() => {
      following = undefined;
      return runNow();
    });
    return following;
  };

  const idle = async () => {
    while (running || following) await (following ?? running);
  };

  return {
    wake: () => void runNow(),
    runNow,
    idle,
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      await idle();
    },
  };
}

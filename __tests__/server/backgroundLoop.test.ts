import { backgroundLoop } from '../../server/src/lib/backgroundLoop';

/** A pass the test finishes by hand, so that it can ask for more while one runs. */
function heldPasses() {
  const started: (() => void)[] = [];
  const pass = () =>
    new Promise<void>((resolve) => {
      started.push(resolve);
    });
  return { started, pass };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('a background loop', () => {
  it('runs one pass at a time, and one more after it however many ask meanwhile', async () => {
    const { started, pass } = heldPasses();
    const loop = backgroundLoop({ pass, maxSleepMs: 60_000, onError: () => undefined });
    const first = loop.runNow();
    loop.wake();
    const second = loop.runNow();
    const third = loop.runNow();
    await settled();
    expect(started).toHaveLength(1);

    started[0]();
    await first;
    await settled();
    expect(started).toHaveLength(2);
    started[1]();
    await Promise.all([second, third]);
    await loop.idle();
    expect(started).toHaveLength(2);
    await loop.stop();
  });

  it('answers runNow only once a pass that started after the call is over', async () => {
    const order: string[] = [];
    const { started, pass } = heldPasses();
    const loop = backgroundLoop({ pass, maxSleepMs: 60_000, onError: () => undefined });
    void loop.runNow().then(() => order.push('running pass over'));
    await settled();
    const asked = loop.runNow().then(() => order.push('asked pass over'));
    started[0]();
    await settled();
    expect(order).toEqual(['running pass over']);
    started[1]();
    await asked;
    expect(order).toEqual(['running pass over', 'asked pass over']);
    await loop.stop();
  });

  it('runs the next pass when the last one said it is due', async () => {
    let passes = 0;
    let thirdPass!: () => void;
    const third = new Promise<void>((resolve) => (thirdPass = resolve));
    const loop = backgroundLoop({
      async pass() {
        passes += 1;
        if (passes === 3) thirdPass();
        return Date.now() + 1;
      },
      maxSleepMs: 60_000,
      onError: () => undefined,
    });
    loop.wake();
    await third;
    await loop.stop();
    expect(passes).toBe(3);
  });

  it('reports a failed pass and goes on', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const loop = backgroundLoop({
      async pass() {
        if (fail) throw new Error('database unreachable');
      },
      maxSleepMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await loop.runNow();
    expect(errors).toEqual([new Error('database unreachable')]);
    fail = false;
    await loop.runNow();
    expect(errors).toHaveLength(1);
    await loop.stop();
  });

  it('waits for the running pass when stopped, and runs none after', async () => {
    const { started, pass } = heldPasses();
    const loop = backgroundLoop({ pass, maxSleepMs: 60_000, onError: () => undefined });
    loop.wake();
    loop.wake();
    await settled();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await settled();
    expect(stopped).toBe(false);
    started[0]();
    await stopping;
    await loop.runNow();
    loop.wake();
    await settled();
    expect(started).toHaveLength(1);
  });

  it('tells the running pass it is stopping, so that a long one ends between two items', async () => {
    const items: number[] = [];
    let reached: () => void = () => undefined;
    const thirdItem = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => undefined;
    const pass = async (stopping: AbortSignal) => {
      for (let item = 0; item < 1_000 && !stopping.aborted; item += 1) {
        items.push(item);
        if (item === 2) {
          reached();
          await new Promise<void>((resolve) => (release = resolve));
        } else await settled();
      }
    };
    const loop = backgroundLoop({ pass, maxSleepMs: 60_000, onError: () => undefined });
    loop.wake();
    await thirdItem;
    const stopped = loop.stop();
    release();
    await stopped;
    expect(items).toEqual([0, 1, 2]);
  });
});

/*
 * What one browser-test worker keeps for every file it runs. The e2e project's files
 * share their worker's process and modules (`isolate: false` in vitest.config.ts), so
 * something costly that the first file starts (a Chromium, two server processes) can
 * serve the files after it, and is stopped once, when Vitest ends the worker.
 */

/** Vitest's state of the worker the tests run in: its cleanup listeners run when the worker is told to stop, before it exits. */
type VitestWorkerState = { onCleanup(listener: () => unknown): void };

function onWorkerEnd(listener: () => Promise<unknown>) {
  const state = (globalThis as { __vitest_worker__?: VitestWorkerState }).__vitest_worker__;
  if (!state) throw new Error("not in a Vitest worker");
  state.onCleanup(listener);
}

/**
 * `start` once for the worker, on the first call; later calls share what it gave while `usable` holds
 * for it (else it is stopped and started anew). `stop` runs when the worker ends.
 */
export function perWorker<T>(start: () => Promise<T>, stop: (value: T) => Promise<unknown>, usable: (value: T) => boolean): () => Promise<T> {
  let current: Promise<T> | undefined;
  let registered = false;
  return async () => {
    if (current) {
      const value = await current.catch(() => undefined);
      if (value !== undefined && usable(value)) return value;
      if (value !== undefined) await stop(value).catch(() => undefined);
    }
    current = start();
    if (!registered) {
      registered = true;
      onWorkerEnd(async () => {
        const value = await current?.catch(() => undefined);
        if (value !== undefined) await stop(value);
      });
    }
    return current;
  };
}

import { Worker } from "node:worker_threads";

/** Plain JavaScript in a thread of its own, so the load the caller makes does not delay the probe's clock. */
const PROBER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let running = true;
parentPort.on("message", () => (running = false));
const probe = () => new Promise((resolve) => {
  const started = performance.now();
  const req = http.get(workerData.url, { agent, timeout: 10000 }, (res) => {
    res.resume();
    res.on("end", () => resolve({ ms: performance.now() - started, ok: res.statusCode === 200 }));
  });
  req.on("timeout", () => req.destroy(new Error("timeout")));
  req.on("error", () => resolve({ ms: performance.now() - started, ok: false }));
});
(async () => {
  const times = [];
  let failed = 0;
  while (running) {
    const { ms, ok } = await probe();
    times.push(ms);
    if (!ok) failed++;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, workerData.everyMs - ms)));
  }
  agent.destroy();
  parentPort.postMessage({ times, failed });
})();
`;

export type ProbeResult = { times: number[]; failed: number; p50: number; p99: number; max: number };

/** The `p`th percentile (nearest rank) of ascending `sorted`, to 0.1 ms. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1);
}

/**
 * Asks `url` (a /healthz) one request after another on one kept-alive
 * connection, a new one `everyMs` after the last began, until stopped.
 */
export function probeHealthz(url: string, everyMs = 10): { stop(): Promise<ProbeResult> } {
  const worker = new Worker(PROBER, { eval: true, workerData: { url, everyMs } });
  const done = new Promise<{ times: number[]; failed: number }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const { times, failed } = await done;
      await worker.terminate();
      const sorted = [...times].sort((a, b) => a - b);
      return { times, failed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
    },
  };
}

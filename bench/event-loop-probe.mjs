// Preloaded into the server by the healthz-flood bench (NODE_OPTIONS=--import):
// the server's own event-loop delay, without a line of server code. SIGUSR2 writes
// what was seen since the last SIGUSR2 to EVENT_LOOP_PROBE_FILE and starts again.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const ms = (nanoseconds) => +(nanoseconds / 1e6).toFixed(1);
  process.on("SIGUSR2", () => {
    writeFileSync(file, JSON.stringify({ p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) }));
    histogram.reset();
  });
}

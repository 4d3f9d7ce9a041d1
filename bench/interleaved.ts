import { BROWSER_ENCODINGS, httpLoad, type LoadResult } from "./http-load.ts";
import { withCpuMs } from "./process-cpu.ts";
import { median } from "./statistics.ts";

/** A server the bench compares with others on the same page. */
/** A server to load; `path` replaces the page's path for a server that has the page at another address (an older build). */
export type Target = { mode: string; baseURL: string; pid: number | undefined; path?: string };

export type InterleavedResult = { mode: string; cpuMsPerRequest: number | null } & LoadResult;

/** How many turns each server takes: enough that a slow spell of the machine falls on all of them. */
export const ROUNDS = 5;

/**
 * Loads one page on several running servers in turns: `rounds` short loads each, the order turned
 * every round, so that a machine whose speed drifts during the run (a shared, virtual one) slows
 * every server alike instead of whichever happened to run last. Each server gets `seconds` in all
 * after a 2 s warm-up. Requests/s is all its answers over all its time; p50 is the median of its
 * rounds' p50, p99 the highest of its rounds' p99; CPU is the server's over its rounds.
 */
export async function interleavedLoad(
  targets: Target[],
  path: string,
  { seconds, rounds = ROUNDS }: { seconds: number; rounds?: number },
): Promise<InterleavedResult[]> {
  const slice = seconds / rounds;
  for (const target of targets) await httpLoad(target.baseURL + (target.path ?? path), { seconds: 2, headers: BROWSER_ENCODINGS });
  const runs = targets.map(() => [] as LoadResult[]);
  const cpuMs = targets.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < targets.length; turn++) {
      const index = (turn + round) % targets.length;
      const target = targets[index]!;
      const { result, cpuMs: used } = await withCpuMs(target.pid, () =>
        httpLoad(target.baseURL + (target.path ?? path), { seconds: slice, headers: BROWSER_ENCODINGS }),
      );
      runs[index]!.push(result);
      cpuMs[index]! += used ?? 0;
    }
  }
  return targets.map((target, index) => {
    const own = runs[index]!;
    const sum = (pick: (run: LoadResult) => number) => own.reduce((total, run) => total + pick(run), 0);
    const total = sum((run) => run.total);
    return {
      mode: target.mode,
      requestsPerSecond: Math.round(total / seconds),
      p50Ms: median(own.map((run) => run.p50Ms)),
      p99Ms: Math.max(...own.map((run) => run.p99Ms)),
      errors: sum((run) => run.errors),
      non2xx: sum((run) => run.non2xx),
      total,
      ok: sum((run) => run.ok),
      bytesPerResponse: Math.round(sum((run) => run.bytesPerResponse * run.total) / Math.max(1, total)),
      cpuMsPerRequest: target.pid && total ? +(cpuMs[index]! / total).toFixed(3) : null,
    };
  });
}

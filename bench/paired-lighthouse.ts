import { medianScores, performanceFigures, recordedRun, worstScores, type PerformanceFigures } from "./lighthouse.ts";
import { startScriptFreeFloor } from "./script-free-floor.ts";
import { median } from "./statistics.ts";

export type PairedRow = { page: string; version: "real" | "floor"; summary: "median" | "worst" } & PerformanceFigures;
export type PairedOverFloor = { page: string; realTbtMs: number; floorTbtMs: number; tbtOverFloorMs: number };

/**
 * Lighthouse on each page and on its floor (the same HTML without scripts, `script-free-floor.ts`),
 * in turns: every round runs each page once as it is and once as its floor, the two in the other
 * order the next round, so a slow spell of the shared machine falls on both. Each page is judged by
 * the median and the worst of its `runs`; its blocking time over the floor is the difference of the
 * two medians.
 */
export async function pairedLighthouse(origin: string, paths: string[], runs: number, cpuSlowdown?: number) {
  const floor = await startScriptFreeFloor(origin, paths);
  const notRecorded: string[] = [];
  const rows: PairedRow[] = [];
  const overFloor: PairedOverFloor[] = [];
  const runsByPage: Record<string, { real: PerformanceFigures[]; floor: PerformanceFigures[] }> = {};
  try {
    for (const path of paths) {
      const measured = { real: [] as PerformanceFigures[], floor: [] as PerformanceFigures[] };
      const versions = [
        ["real", origin],
        ["floor", floor.baseURL],
      ] as const;
      for (let round = 0; round < runs; round++) {
        for (const [version, base] of round % 2 ? [...versions].reverse() : versions) {
          measured[version].push(await recordedRun(() => performanceFigures(base + path, cpuSlowdown), notRecorded, runs * paths.length));
        }
      }
      for (const version of ["real", "floor"] as const) {
        rows.push({ page: path, version, summary: "median", ...medianScores(measured[version]) });
        rows.push({ page: path, version, summary: "worst", ...worstScores(measured[version]) });
      }
      const realTbtMs = median(measured.real.map((run) => run.tbtMs));
      const floorTbtMs = median(measured.floor.map((run) => run.tbtMs));
      overFloor.push({ page: path, realTbtMs, floorTbtMs, tbtOverFloorMs: realTbtMs - floorTbtMs });
      runsByPage[path] = measured;
    }
  } finally {
    await floor.stop();
  }
  return { rows, overFloor, runsByPage, notRecorded };
}

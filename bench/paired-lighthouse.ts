import { medianScores, performanceFigures, recordedRun, worstScores, type PerformanceFigures } from "./lighthouse.ts";
import { startScriptFreeFloor, type ScriptFreeFloor } from "./script-free-floor.ts";
import { median } from "./statistics.ts";

/** A build's server to measure: this build's, or an older one's beside it (BENCH_BASELINE). */
export type PairedBuild = { build: string; origin: string };
export type PairedRow = { page: string; build?: string; version: "real" | "floor"; summary: "median" | "worst" } & PerformanceFigures;
export type PairedOverFloor = { page: string; build?: string; realTbtMs: number; floorTbtMs: number; tbtOverFloorMs: number };

/**
 * Lighthouse on each page and on its floor (the same HTML without scripts, `script-free-floor.ts`),
 * in turns: every round runs each page once as it is and once as its floor, of every build given,
 * in an order turned every round, so a slow spell of the shared machine falls on all of them. Each
 * page is judged by the median and the worst of its `runs`; its blocking time over the floor is the
 * difference of the two medians. With more than one build the rows name theirs.
 */
export async function pairedLighthouse(builds: PairedBuild[], paths: string[], runs: number, cpuSlowdown?: number) {
  const floors: ScriptFreeFloor[] = [];
  const notRecorded: string[] = [];
  const rows: PairedRow[] = [];
  const overFloor: PairedOverFloor[] = [];
  const runsByPage: Record<string, Record<string, { real: PerformanceFigures[]; floor: PerformanceFigures[] }>> = {};
  const named = (build: string) => (builds.length > 1 ? { build } : {});
  try {
    for (const { origin } of builds) floors.push(await startScriptFreeFloor(origin, paths));
    for (const path of paths) {
      const measured = builds.map(() => ({ real: [] as PerformanceFigures[], floor: [] as PerformanceFigures[] }));
      const versions = builds.flatMap(({ origin }, index) => [
        { index, version: "real" as const, base: origin },
        { index, version: "floor" as const, base: floors[index]!.baseURL },
      ]);
      for (let round = 0; round < runs; round++) {
        const turned = versions.map((_, at) => versions[(at + round) % versions.length]!);
        for (const { index, version, base } of round % 2 ? turned.reverse() : turned) {
          measured[index]![version].push(
            await recordedRun(() => performanceFigures(base + path, cpuSlowdown), notRecorded, runs * versions.length * paths.length),
          );
        }
      }
      runsByPage[path] = {};
      builds.forEach(({ build }, index) => {
        const figures = measured[index]!;
        for (const version of ["real", "floor"] as const) {
          rows.push({ page: path, ...named(build), version, summary: "median", ...medianScores(figures[version]) });
          rows.push({ page: path, ...named(build), version, summary: "worst", ...worstScores(figures[version]) });
        }
        const realTbtMs = median(figures.real.map((run) => run.tbtMs));
        const floorTbtMs = median(figures.floor.map((run) => run.tbtMs));
        overFloor.push({ page: path, ...named(build), realTbtMs, floorTbtMs, tbtOverFloorMs: realTbtMs - floorTbtMs });
        runsByPage[path]![build] = figures;
      });
    }
  } finally {
    for (const floor of floors) await floor.stop();
  }
  return { rows, overFloor, runsByPage, notRecorded };
}

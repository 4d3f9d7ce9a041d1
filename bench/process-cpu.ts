import { readFile } from "node:fs/promises";

/** Clock ticks per second of /proc/{pid}/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

async function ownCpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const text = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8");
    return text.split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function treeCpuTicks(pid: number): Promise<number> {
  let ticks = await ownCpuTicks(pid);
  for (const child of await childrenOf(pid)) ticks += await treeCpuTicks(child);
  return ticks;
}

/** CPU time used so far by a process and its children (nginx's worker), in milliseconds. */
export async function processCpuMs(pid: number): Promise<number> {
  return ((await treeCpuTicks(pid)) * 1000) / TICKS_PER_SECOND;
}

/** Runs `load` and answers what it answered with the CPU milliseconds the process used meanwhile (null without a process). */
export async function withCpuMs<T>(pid: number | undefined, load: () => Promise<T>): Promise<{ result: T; cpuMs: number | null }> {
  const before = pid ? await processCpuMs(pid) : 0;
  const result = await load();
  return { result, cpuMs: pid ? (await processCpuMs(pid)) - before : null };
}

/** Resident memory of a process and its children (the server's image encoder), in bytes. */
export async function processTreeRssBytes(pid: number): Promise<number> {
  let kilobytes = 0;
  try {
    kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0; // it exited meanwhile
  }
  let bytes = kilobytes * 1024;
  for (const child of await childrenOf(pid)) bytes += await processTreeRssBytes(child);
  return bytes;
}

import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is a single-process database: two processes opening the same
 * directory do not fail, they silently lose each other's writes. A lock file
 * beside the directory, holding the owner's pid, turns that into a clear
 * refusal at start.
 */
class DirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly holderPid: number,
  ) {
    super(
      `Another server process is already using the database in ${directory} (pid ${holderPid}). ` +
        "Stop it first, or set DATABASE_URL to use a PostgreSQL server.",
    );
    this.name = "DirectoryLockedError";
  }
}

export type DirectoryLock = { readonly lockFile: string; release(): void };

/** Locks held by this process: a second open inside one process loses writes just the same. */
const heldHere = new Set<string>();

export function lockFileFor(directory: string): string {
  return `${path.resolve(directory)}.lock`;
}

export function acquireDirectoryLock(directory: string, displayName = directory): DirectoryLock {
  const lockFile = lockFileFor(directory);
  if (heldHere.has(lockFile)) throw new DirectoryLockedError(displayName, process.pid);
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });

  const content = JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, content, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      const holder = readHolderPid(lockFile);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new DirectoryLockedError(displayName, holder);
      }
      // Stale: its owner died without cleaning up (crash, kill -9, container restart
      // where our pid may even equal the old one). Take it over.
      fs.rmSync(lockFile, { force: true });
    }
  }
  heldHere.add(lockFile);

  // Covers process.exit() paths that skip close(); a kill -9 leaves a stale lock, taken over above.
  const onExit = () => removeIfOurs(lockFile);
  process.once("exit", onExit);

  let released = false;
  return {
    lockFile,
    release() {
      if (released) return;
      released = true;
      process.removeListener("exit", onExit);
      heldHere.delete(lockFile);
      removeIfOurs(lockFile);
    },
  };
}

function readHolderPid(lockFile: string): number | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(lockFile, "utf8"));
    const pid = (parsed as { pid?: unknown }).pid;
    return typeof pid === "number" && Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    // Unreadable or half-written: treat as stale rather than blocking start forever.
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function removeIfOurs(lockFile: string): void {
  if (readHolderPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
}

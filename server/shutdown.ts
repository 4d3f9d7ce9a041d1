import type { Server, ServerResponse } from "node:http";
import type { Logger } from "pino";

export type ShutdownOptions = {
  /** How long requests already running may take before their connections are cut (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /** Stops the mail worker and closes the database; always called, however the requests ended. */
  closeServices: () => Promise<void>;
  /** How long closing the services may take before the process gives up on it. */
  closeWaitMs: number;
  log: Pick<Logger, "info" | "warn" | "error">;
};

/** Time left for connections cut after the grace period to go. */
const AFTER_CUT_MS = 1_000;

/**
 * Follows the server's requests from its start, so that a shutdown knows
 * what is still running. `shutDown` stops the server in order: no new
 * connections, idle ones closed, running requests given `graceMs`, then
 * their connections cut; only then the mail worker and the database, which
 * are always closed. It answers the exit code: 0, or 1 when the services did
 * not close within `closeWaitMs`.
 */
export function gracefulShutdown(server: Server) {
  const running = new Set<ServerResponse>();
  let stopping = false;
  server.on("request", (_req, res) => {
    running.add(res);
    res.on("close", () => running.delete(res));
    // Once answered, a kept-alive connection would stay open for the keep-alive timeout (and longer if the client kept using it).
    res.on("finish", () => {
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    get running(): number {
      return running.size;
    },

    async shutDown({ graceMs, closeServices, closeWaitMs, log }: ShutdownOptions): Promise<number> {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (!(await settlesWithin(closed, graceMs))) {
        log.warn({ graceMs, requests: running.size }, "Requests still running after the grace period; closing their connections");
        server.closeAllConnections();
        await settlesWithin(closed, AFTER_CUT_MS);
      }

      log.info("HTTP server closed; stopping the mail worker and closing the database");
      let failed = false;
      const servicesClosed = closeServices().catch((error: unknown) => {
        failed = true;
        log.error({ err: error }, "Closing the database failed");
      });
      if (!(await settlesWithin(servicesClosed, closeWaitMs))) {
        log.error({ closeWaitMs }, "The database did not close in time; exiting anyway");
        return 1;
      }
      return failed ? 1 : 0;
    },
  };
}

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { createApp } from "#server/app.ts";

/**
 * The production server: `node build/server/index.js`. Stops cleanly on
 * SIGTERM/SIGINT: health turns 503, open requests finish, then it exits.
 */
const config = env();
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
let ready = true;

const app = createApp({ build, clientDir, isReady: () => ready });
const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info({ port }, `Server listening on http://localhost:${port}`);
});

async function shutdown(signal: string) {
  if (!ready) return;
  ready = false;
  logger.info({ signal }, "Shutting down");
  const force = setTimeout(() => {
    logger.error("Open connections did not close within 10 s; exiting anyway");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(() => {
    logger.info("Server closed");
    process.exit(0);
  });
  server.closeIdleConnections();
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { nextScheduledChange } from "#app/features/content-schedule.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { openServices } from "#app/platform/services.server.ts";
import { createApp } from "#server/app.ts";
import { startControlSocket } from "#server/control-socket.ts";

/**
 * The production server: `node build/server/index.js`. On SIGTERM/SIGINT it
 * stops taking requests (health turns 503), lets open ones finish, stops the
 * mail worker and closes the database, then exits.
 */
const config = env();
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

const services = await openServices(config, { mailTemplates, nextScheduledChange }).catch((error: Error) => {
  logger.fatal({ err: error }, error.message);
  return process.exit(1);
});
logger.info({ database: services.dbDriver, storage: config.STORAGE_DRIVER, mail: config.MAIL_TRANSPORT }, "Services ready");
// Only one process may open the embedded database: `npm run staff:create` asks this one.
const controlSocket = services.dbDriver === "pglite" ? await startControlSocket(services) : null;

let ready = true;
const app = createApp({ build, clientDir, services, isReady: () => ready });
const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info({ port }, `Server listening on http://localhost:${port}`);
});

// A kept-alive connection whose request is still running when shutdown starts
// is not idle then; once answered it would stay open for the keep-alive timeout,
// and longer if the client kept using it, holding the shutdown back.
server.on("request", (_req, res) =>
  res.on("finish", () => {
    if (!ready) setImmediate(() => server.closeIdleConnections());
  }),
);

async function shutdown(signal: string) {
  if (!ready) return;
  ready = false;
  logger.info({ signal }, "Shutting down");
  let stage = "waiting for open HTTP connections";
  const force = setTimeout(() => {
    logger.error({ stage }, "Shutdown did not finish within 15 s; exiting anyway");
    process.exit(1);
  }, 15_000);
  force.unref();
  server.closeIdleConnections();
  controlSocket?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  stage = "stopping the mail worker and closing the database";
  await services.close();
  logger.info("Server closed");
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { sendNewsletterCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { sendInsightDigest } from "#app/features/campaigns/insight-digest.server.ts";
import { nextScheduledChange } from "#app/features/content-schedule.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { sweepOrphanUploads } from "#app/features/forms/upload-sweep.server.ts";
import { sendJobAlerts } from "#app/features/job-alerts/job-alerts.server.ts";
import { OVERDUE_SWEEP_INTERVAL_MS, sweepOverdueLeads } from "#app/features/leads/overdue-alerts.server.ts";
import { applyRetentionPeriodically } from "#app/features/retention/retention.server.ts";
import { mailCompanyOf } from "#app/features/site-facts/site-facts.server.ts";
import { foldListCountsPeriodically } from "#app/features/staff/list-page.server.ts";
import { publishScheduledChanges } from "#app/features/staff/publishing/scheduled-publishing.server.ts";
import { carryOutScheduledRejections } from "#app/features/staff/stage-emails/stage-emails.server.ts";
import { env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { openServices, type HousekeepingTask, type PeriodicTask } from "#app/platform/services.server.ts";
import { createApp } from "#server/app.ts";
import { startControlSocket } from "#server/control-socket.ts";
import { applyHttpLimits } from "#server/http-limits.ts";
import { gracefulShutdown } from "#server/shutdown.ts";
import { productionWarnings } from "#server/start-checks.ts";

/**
 * The production server: `node build/server/index.js`. On SIGTERM/SIGINT it
 * stops taking requests (health turns 503), gives open ones SHUTDOWN_GRACE_MS,
 * cuts the connections of those still running, stops the mail worker and
 * closes the database, then exits 0.
 */
const config = env();
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/** The mail worker gets this long to finish a send in flight; the database then closes whatever it did. */
const MAIL_WORKER_WAIT_MS = 5_000;
/** Closing the services (the mail worker's wait included) must end within this, or the process exits 1. */
const CLOSE_WAIT_MS = MAIL_WORKER_WAIT_MS + 10_000;

for (const warning of productionWarnings(config)) logger.warn(warning);

const housekeeping = [{ name: "sweep uploads no submission kept", run: ({ db, storage }) => sweepOrphanUploads(db, storage) }] satisfies HousekeepingTask[];
const periodic = [
  { name: "alert overdue leads", intervalMs: OVERDUE_SWEEP_INTERVAL_MS, run: sweepOverdueLeads },
  publishScheduledChanges,
  carryOutScheduledRejections,
  sendJobAlerts,
  applyRetentionPeriodically,
  sendNewsletterCampaigns,
  sendInsightDigest,
  foldListCountsPeriodically,
] satisfies PeriodicTask[];
const services = await openServices(config, { mailTemplates, mailCompany: mailCompanyOf, nextScheduledChange, housekeeping, periodic }).catch(
  (error: Error) => {
    logger.fatal({ err: error }, error.message);
    return process.exit(1);
  },
);
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
applyHttpLimits(server);
const shutdown = gracefulShutdown(server);

async function stop(signal: string) {
  if (!ready) return;
  ready = false;
  logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS, requests: shutdown.running }, "Shutting down");
  controlSocket?.close();
  const code = await shutdown.shutDown({
    graceMs: config.SHUTDOWN_GRACE_MS,
    closeServices: () => services.close({ waitMs: MAIL_WORKER_WAIT_MS }),
    closeWaitMs: CLOSE_WAIT_MS,
    log: logger,
  });
  if (code === 0) logger.info("Server closed");
  process.exit(code);
}

process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

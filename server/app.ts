import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { MAIL_LOGO_PATH } from "#app/platform/email/mail-brand.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { BodyIntake, DEFAULT_INTAKE_LIMITS } from "#server/body-intake.ts";
import { admissionFor, headersSetBy, loadShedding } from "#server/load-shed.ts";
import { PageCache } from "#server/page-cache.ts";
import { pageCacheHits, reactRouterHandler } from "#server/request-handler.ts";
import { requestLogger } from "#server/request-logger.ts";
import { contentSecurityPolicy, securityHeadersMiddleware } from "#server/security-headers.ts";

export type AppOptions = {
  build: ServerBuild;
  /** Folder of the browser build (hashed assets under `assets/`). */
  clientDir: string;
  services: Services;
  isReady: () => boolean;
};

/** The HTTP application: logs, security headers, compression, static files, health and pages. */
export function createApp({ build, clientDir, services, isReady }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (services.env.TRUST_PROXY) app.set("trust proxy", trustProxyValue(services.env.TRUST_PROXY));

  // The headers every answer carries, worked out once for the answers made before the middleware below.
  const basePolicy = contentSecurityPolicy();
  const headers: [string, string][] = [["Content-Security-Policy", basePolicy], ...headersSetBy(securityHeadersMiddleware())];

  // Health checks come before the request log (a load balancer asks every few seconds).
  // Liveness: the process answers; it never waits on the database, so a slow database does not get processes restarted.
  app.get("/healthz", (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.set("Cache-Control", "no-store");
    if (isReady()) res.json({ status: "ok" });
    else res.status(503).json({ status: "shutting down" });
  });
  // Readiness: this process should get traffic: not shutting down, and the database answers.
  app.get("/readyz", async (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.set("Cache-Control", "no-store");
    if (!isReady()) return void res.status(503).json({ status: "shutting down" });
    const database = await databaseAnswers(services, READY_DATABASE_TIMEOUT_MS);
    if (database === "ok") res.json({ status: "ok", database });
    else res.status(503).json({ status: "not ready", database });
  });

  // A write's body is read in full first (decision 028), then the write waits for one of a few slots or is refused,
  // before any other work, so a flood of posts never stalls health checks and cached pages (decision 016).
  const admission = services.env.POSTS_IN_FLIGHT > 0 ? admissionFor(services.env.POSTS_IN_FLIGHT) : null;
  app.use(loadShedding(admission, new BodyIntake(DEFAULT_INTAKE_LIMITS, logger), { siteUrl: services.env.SITE_URL, headers, logger }));

  app.use(requestLogger(logger));

  // A page the same for everyone is answered from memory, headers and compression included.
  const pageCache = services.env.PAGE_CACHE_ENTRIES > 0 ? new PageCache(services.env.PAGE_CACHE_ENTRIES) : null;
  // A publish, an edit or a closing in any process empties every process's cache within a second.
  if (pageCache) {
    services.content.subscribe(() => pageCache.clear());
    app.use(pageCacheHits(pageCache));
  }

  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", basePolicy);
    next();
  });
  app.use(securityHeadersMiddleware());
  // CSV exports are hundreds of megabytes of repetitive text: the fastest levels still shrink them about sixfold,
  // while the default ones make compression, not the database, what limits an export's speed (decision 046).
  const isExport = (req: express.Request) => req.path.endsWith("/export.csv");
  app.use(compression({ filter: (req, res) => !isExport(req as express.Request) && compression.filter(req, res) }));
  app.use(
    compression({
      level: zlib.constants.Z_BEST_SPEED,
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MIN_QUALITY } },
      filter: (req, res) => isExport(req as express.Request) && compression.filter(req, res),
    }),
  );

  // Hashed file names never change content: cache them for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  // Other public files (favicon, images) have a dot in their name; pages never do.
  const publicFiles = express.static(clientDir, {
    maxAge: "1h",
    index: false,
    // Webmail pages (another origin) show the logo of every email the site sends.
    setHeaders: (res, filePath) => {
      if (filePath === path.join(clientDir, MAIL_LOGO_PATH)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    },
  });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));

  app.all("/{*splat}", reactRouterHandler(build, services, pageCache));

  return app;
}

/** How long /readyz waits for the database before it says the process is not ready. */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

/** "ok" when the database answers a trivial query within `timeoutMs`. */
async function databaseAnswers(services: Services, timeoutMs: number): Promise<"ok" | "timeout" | "error"> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  const query = services.db.execute(sql`select 1`).then(
    () => "ok" as const,
    (error: unknown) => {
      logger.warn({ err: error }, "Readiness check: the database did not answer");
      return "error" as const;
    },
  );
  try {
    return await Promise.race([query, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** "true", a hop count ("1") or Express's names and address lists ("loopback, 10.0.0.0/8"). */
function trustProxyValue(setting: string): boolean | number | string {
  if (setting === "true") return true;
  if (setting === "false") return false;
  return /^\d+$/.test(setting) ? Number(setting) : setting;
}

import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { logger } from "#app/platform/logger.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import { securityHeaders } from "#server/security-headers.ts";

export type AppOptions = {
  build: ServerBuild;
  /** Folder of the browser build (hashed assets under `assets/`). */
  clientDir: string;
  isReady: () => boolean;
};

/** The HTTP application: logs, security headers, compression, static files, health and pages. */
export function createApp({ build, clientDir, isReady }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (isReady()) res.json({ status: "ok" });
    else res.status(503).json({ status: "shutting down" });
  });

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 100) || randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Static assets would drown the log; pages and posts are what matter.
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    }),
  );

  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(helmet(securityHeaders((res) => (res as Response).locals.nonce as string)));
  app.use(compression());

  // Hashed file names never change content: cache them for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: build.isSpaMode ? "production" : process.env.NODE_ENV,
      getLoadContext: (_req: Request, res: Response) => {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, { nonce: res.locals.nonce as string });
        return context;
      },
    }),
  );

  return app;
}

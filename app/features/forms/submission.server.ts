import { createHash } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { ATTRIBUTION_FIELDS, type Attribution } from "#app/features/attribution/attribution.ts";
import { readAttribution } from "#app/features/attribution/attribution.server.ts";
import type { FormAnswer, SuccessAnswer } from "#app/features/forms/form-answer.ts";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, normaliseEmailAddress, tooManySubmissionsMessage } from "#app/features/forms/form-rules.ts";
import { FormRejection, readForm, type FormInput, type ReadRules, type UploadedFile } from "#app/features/forms/read-form.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { hitRateLimit, type RateLimitRule } from "#app/platform/rate-limit.server.ts";
import { refusalFor, rememberRefusal } from "#app/platform/refused-posts.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { StorageKeyTakenError } from "#app/platform/storage/storage.server.ts";

/**
 * The one way a form post is handled, public or staff:
 * origin → rate limit (before any byte of the body is read) → read within
 * limits → honeypot → validate → idempotency → store files exclusively →
 * one transaction (row, attachments, outbox) → remove the files if it fails
 * → answer. Each form brings only its fields, rules, schema, insert and texts.
 */

export type Validation<Input> = { ok: true; input: Input } | { ok: false; message: string; fields: Record<string, string> };

/** A file once it is in storage. */
export type StoredFile = { name: string; contentType: string; size: number; key: string };

/** The confirmation's fate: its first delivery attempt, or "limited" when the address had enough of them today. */
export type ConfirmationOutcome = Awaited<ReturnType<Services["outbox"]["attemptNow"]>> | { status: "limited" };

type OutboxMessage = Parameters<Services["outbox"]["enqueue"]>[1];

export type SaveContext<Input> = {
  tx: Database;
  input: Input;
  files: StoredFile[];
  idempotencyKey: string | null;
  submittedAt: Date;
  /** Where the sender came from (decision 037); every public form keeps it with its record. */
  attribution: Attribution;
  services: Services;
  /** Queues the visitor's confirmation, unless this address has had its share today. */
  confirm(message: OutboxMessage): Promise<void>;
};

export type GuardRules = {
  /** Names the form in rate limits and logs. */
  name: string;
  read: ReadRules;
  /** Overrides the site-wide FORM_RATE_LIMIT per window. */
  rateLimit?: number;
};

export type FormSpec<Input, Saved, Success extends object> = GuardRules & {
  /** Fields handed back after a failure, so a page drawn without JavaScript keeps them (never files). */
  echo: readonly string[];
  /** The sentence for an outage (503): the database or file store failing. */
  unavailableMessage: string;
  /** Checks the post; `db` for a form whose fields depend on stored rows (a job's own questions). */
  validate(form: FormInput, db: Database): Validation<Input> | Promise<Validation<Input>>;
  /** What a bot that filled the honeypot is told; nothing is stored. */
  botAnswer(): SuccessAnswer<Success>;
  /** A repeated post (same key, or same content within ten minutes) answers as the first did; `form` is the repeat's. */
  findEarlier?(db: Database, idempotencyKey: string, form: FormInput): Promise<SuccessAnswer<Success> | null>;
  /** Where an uploaded file goes; `shift` moves it to a later millisecond when the key is taken. */
  fileKey?(submittedAt: Date, shift: number, files: UploadedFile[], index: number): string;
  save(context: SaveContext<Input>): Promise<Saved>;
  answer(saved: Saved, confirmation: ConfirmationOutcome | null): SuccessAnswer<Success>;
};

/** How long an answer waits for the confirmation's first delivery attempt. */
const CONFIRMATION_WAIT_MS = 4_000;
/** Confirmations one address may receive in a day, across forms; more would let the site mail strangers. */
export const CONFIRMATIONS_PER_ADDRESS: RateLimitRule = { limit: 3, windowMs: 24 * 60 * 60_000 };
/** Without a client key, the same content posted again within this window is the same submission. */
const CONTENT_DEDUPE_WINDOW_MS = 10 * 60_000;
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;
const MAX_KEY_SHIFTS = 50;
const CROSS_SITE_MESSAGE = "This form can only be sent from this site's own pages.";

export async function submitForm<Input, Saved, Success extends object>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  services: Services,
  spec: FormSpec<Input, Saved, Success>,
) {
  let echo: Record<string, string> | undefined;
  const fail = (status: number, message: string, fields?: Record<string, string>) =>
    data<FormAnswer<Success>>({ status: "error", message, ...(fields ? { fields } : {}), ...(echo ? { values: echo } : {}) }, { status });
  const succeed = (answer: SuccessAnswer<Success>) => data<FormAnswer<Success>>(answer, { status: 200 });

  try {
    const rules = { ...spec, read: { ...spec.read, fields: [...spec.read.fields, ...ATTRIBUTION_FIELDS] } };
    const form = await guardAndRead(request, context, services, rules).catch((error: unknown) => {
      if (error instanceof FormRejection && Object.keys(error.values).length > 0) echo = echoOf(spec, error.values);
      throw error;
    });
    echo = echoOf(spec, form.values);
    if ((form.values[HONEYPOT_FIELD] ?? "").trim() !== "") return succeed(spec.botAnswer());

    const checked = await spec.validate(form, services.db);
    if (!checked.ok) return fail(400, checked.message, checked.fields);

    const idempotencyKey = spec.findEarlier ? (clientKeyOf(form) ?? contentKey(form)) : null;
    if (spec.findEarlier && idempotencyKey) {
      const earlier = await spec.findEarlier(services.db, idempotencyKey, form);
      if (earlier) return succeed(earlier);
    }

    const submittedAt = new Date();
    const files = await storeFiles(services, spec, form.files, submittedAt);
    let confirmationId: number | null = null;
    let limited = false;
    let saved: Saved;
    try {
      saved = await services.db.transaction((tx) =>
        spec.save({
          tx,
          input: checked.input,
          files,
          idempotencyKey,
          submittedAt,
          attribution: readAttribution(form.values, request, services.env.SITE_URL),
          services,
          async confirm(message) {
            if (await withinAddressCap(tx, "confirmation", message.to, CONFIRMATIONS_PER_ADDRESS)) confirmationId = await services.outbox.enqueue(tx, message);
            else limited = true;
          },
        }),
      );
    } catch (error) {
      await removeFiles(services, files);
      // The same key committed meanwhile (a double submit racing this one): that submission stands.
      if (spec.findEarlier && idempotencyKey && isUniqueViolation(error)) {
        const winner = await spec.findEarlier(services.db, idempotencyKey, form);
        if (winner) return succeed(winner);
      }
      throw error;
    }

    services.outbox.nudge();
    const outcome: ConfirmationOutcome | null =
      confirmationId !== null ? await services.outbox.attemptNow(confirmationId, CONFIRMATION_WAIT_MS) : limited ? { status: "limited" } : null;
    return succeed(spec.answer(saved, outcome));
  } catch (error) {
    if (error instanceof FormRejection) {
      // A body over the form's limit is, for the visitor, a problem with what they attached.
      const field = error.field ?? (error.status === 413 ? spec.read.upload?.field : undefined);
      return fail(error.status, error.message, field ? { [field]: error.message } : undefined);
    }
    logger.error({ err: error, form: spec.name }, "Form submission failed");
    return fail(503, spec.unavailableMessage);
  }
}

/** What a failed post hands back: the form's own text fields as typed, never files. */
function echoOf(spec: { echo: readonly string[] }, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(spec.echo.map((field) => [field, values[field] ?? ""]));
}

/**
 * The guards in front of every form, cheapest first: a cross-site post and a
 * client over its rate limit are refused before a byte of the body is read.
 */
export async function guardAndRead(request: Request, context: Readonly<RouterContextProvider>, services: Services, rules: GuardRules): Promise<FormInput> {
  if (isCrossSite(request, services.env.SITE_URL)) throw new FormRejection(403, CROSS_SITE_MESSAGE);
  await assertWithinRateLimit(request, services, context, rules);
  return readForm(request, { ...rules.read, fields: [...rules.read.fields, HONEYPOT_FIELD, IDEMPOTENCY_FIELD] });
}

/** A browser says where a post comes from; one from another site is not our form's. */
export function isCrossSite(request: Request, siteUrl: string): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  return origin !== new URL(siteUrl).origin && origin !== new URL(request.url).origin;
}

/**
 * Clients over their limit are remembered in memory until their retry time
 * (refused-posts.server.ts), so their further posts cost neither a database
 * round trip nor a body read; the server refuses them before they reach here.
 */
async function assertWithinRateLimit(request: Request, services: Services, context: Readonly<RouterContextProvider>, rules: GuardRules) {
  const client = clientAddressOf(context);
  const path = new URL(request.url).pathname;
  const waiting = refusalFor(path, client);
  if (waiting !== null) throw tooManyPosts(waiting);
  const { FORM_RATE_LIMIT, FORM_RATE_WINDOW_SECONDS } = services.env;
  const result = await hitRateLimit(services.db, `${rules.name}:${client}`, {
    limit: rules.rateLimit ?? FORM_RATE_LIMIT,
    windowMs: FORM_RATE_WINDOW_SECONDS * 1000,
  });
  if (result.allowed) return;
  rememberRefusal(path, client, result.retryAfterSeconds);
  throw tooManyPosts(result.retryAfterSeconds);
}

function tooManyPosts(retryAfterSeconds: number) {
  return new FormRejection(429, tooManySubmissionsMessage(retryAfterSeconds));
}

function clientKeyOf(form: FormInput): string | null {
  const value = form.values[IDEMPOTENCY_FIELD] ?? "";
  return IDEMPOTENCY_KEY_PATTERN.test(value) ? value : null;
}

/** Same words, same files, same ten minutes: a resubmission, not a new one, from whichever page it was sent. */
function contentKey(form: FormInput): string {
  const hash = createHash("sha256");
  const ignored: readonly string[] = [IDEMPOTENCY_FIELD, ...ATTRIBUTION_FIELDS];
  for (const [field, value] of Object.entries(form.values).sort()) {
    if (!ignored.includes(field)) hash.update(`${field}\u0000${value}\u0000`);
  }
  for (const file of form.files) hash.update(`${file.name}\u0000`).update(file.bytes);
  return `content-${hash.digest("hex").slice(0, 40)}-${Math.floor(Date.now() / CONTENT_DEDUPE_WINDOW_MS)}`;
}

/**
 * Counts one more mail of a kind to an address and answers whether it may go:
 * every kind the site sends to an address a visitor typed is capped this way.
 */
export async function withinAddressCap(tx: Database, kind: string, address: string, rule: RateLimitRule): Promise<boolean> {
  return (await hitRateLimit(tx, `${kind}:${addressKey(address)}`, rule)).allowed;
}

/**
 * The rate-limit key of a mailbox: normalised and in lower case, so one mailbox
 * is one key however it is written; hashed, so the table holds no address.
 */
function addressKey(address: string): string {
  const mailbox = normaliseEmailAddress(address) ?? address.trim();
  return createHash("sha256").update(mailbox.toLowerCase()).digest("hex").slice(0, 32);
}

/** Every file under its own key; a key another upload holds moves to the next millisecond, never overwrites. */
async function storeFiles<Input, Saved, Success extends object>(
  services: Services,
  spec: FormSpec<Input, Saved, Success>,
  files: UploadedFile[],
  submittedAt: Date,
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  if (files.length === 0 || !spec.fileKey || !spec.read.upload) return stored;
  try {
    for (const [index, file] of files.entries()) {
      for (let shift = 0; ; shift++) {
        const key = spec.fileKey(submittedAt, shift, files, index);
        try {
          await services.storage.put(key, file.bytes, { contentType: file.contentType, exclusive: true });
          stored.push({ name: file.name, contentType: file.contentType, size: file.bytes.byteLength, key });
          break;
        } catch (error) {
          if (!(error instanceof StorageKeyTakenError) || shift >= MAX_KEY_SHIFTS) throw error;
        }
      }
    }
    return stored;
  } catch (error) {
    logger.error({ err: error, form: spec.name }, "Storing an upload failed");
    await removeFiles(services, stored);
    throw new FormRejection(503, spec.read.upload.messages.storeFailed, spec.read.upload.field);
  }
}

async function removeFiles(services: Services, files: StoredFile[]) {
  for (const file of files) {
    await services.storage.delete(file.key).catch((error: unknown) => logger.warn({ err: error }, "Could not remove an unused upload"));
  }
}

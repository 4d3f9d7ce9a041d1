import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { detectAllowedType } from "#app/features/forms/file-type.server.ts";
import { ALLOWED_TYPES_TEXT, CONFIRMATION_EMAIL_SENT_MESSAGE, CONSULTATION_SUCCESS_MESSAGE, confirmationEmailFailedMessage, consultationFields, consultationSchema, fileUploadFailedMessage, FILES_FIELD, findMissingFields, MAX_FILE_BYTES, MAX_FILES, MAX_REQUEST_BYTES, missingFieldsMessage, submissionFailedMessage, type ConsultationField, type ConsultationFieldErrors, type ConsultationResult } from "#app/features/consultation/consultation-schema.ts";
import {
  assertFormRequest,
  assertKnownFields,
  assertWithinRateLimit,
  FormRejection,
  honeypotFilled,
  idempotencyKeyOf,
  readUploadForm,
} from "#app/features/forms/form-guards.server.ts";
import { consultationAttachments, consultations } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { consultationKeys, StorageKeyTakenError } from "#app/platform/storage/storage.server.ts";
import { formatBytes, HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";

const CONSULTATION_FORM_FIELDS = [...consultationFields, FILES_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD];
/** How long the response waits for the confirmation's first delivery attempt. */
export const CONFIRMATION_WAIT_MS = 4_000;
/** How many later milliseconds a file may move to when its key is taken. */
const MAX_KEY_SHIFTS = 50;
const SUBMISSION_UNAVAILABLE_REASON = "we could not save your request just now. Please try again in a few minutes.";
/** Without a client key, the same content posted again within this window is the same request. */
const CONTENT_DEDUPE_WINDOW_MS = 10 * 60_000;

/** The result, and on failure what the visitor typed, for the page drawn without JavaScript. */
export type ConsultationPost = ConsultationResult & { values?: Partial<Record<ConsultationField, string>> };

type Attachment = { name: string; bytes: Uint8Array; contentType: string };

/**
 * POST /consultation: validate, store every file privately, then write the
 * request, its attachments and both emails in one transaction. Nothing is
 * written unless everything is; the confirmation's first delivery attempt is
 * awaited briefly, and a failed one never undoes the request.
 */
export async function handleConsultationPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  let values: Partial<Record<ConsultationField, string>> = {};
  try {
    assertFormRequest(request, { encodings: ["multipart", "urlencoded"], maxBytes: MAX_REQUEST_BYTES });
    const form = await readForm(request);
    assertKnownFields(form, CONSULTATION_FORM_FIELDS);
    // Browsers send a textarea's line breaks as CRLF, while its maxlength counts each as one character:
    // normalise first, so a brief the form accepted is not refused as too long, and is stored as typed.
    values = Object.fromEntries(
      consultationFields.map((field) => [field, String(form.get(field) ?? "").replace(/\r\n?/g, "\n").slice(0, 6000)]),
    );
    // Counted once the values are known, so a failure here can still hand them back.
    await assertWithinRateLimit(services, context, "consultation");
    if (honeypotFilled(form)) return answer({ status: "success", messages: [CONSULTATION_SUCCESS_MESSAGE] }, 200);

    const missing = findMissingFields(values);
    if (missing.length > 0) {
      const fields: ConsultationFieldErrors = Object.fromEntries(missing.map((field) => [field, "Required"]));
      return answer({ status: "error", message: missingFieldsMessage(missing), fields }, 400, values);
    }
    const parsed = consultationSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return answer({ status: "error", message: issue.message, fields: { [String(issue.path[0])]: issue.message } }, 400, values);
    }
    const attachments = await checkAttachments(form.getAll(FILES_FIELD));
    const input = parsed.data;

    const clientKey = idempotencyKeyOf(form);
    const idempotencyKey = clientKey ?? contentKey(input, attachments);
    const earlier = await findEarlier(services, idempotencyKey);
    if (earlier) return answer({ status: "success", messages: [CONSULTATION_SUCCESS_MESSAGE] }, 200);

    const submittedAt = new Date();
    const keys = await storeFiles(services, attachments, submittedAt);

    let confirmationId: number;
    try {
      confirmationId = await services.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(consultations)
          .values({
            fullName: input.fullName,
            email: input.email,
            country: input.country,
            phone: input.phone,
            projectBrief: input.brief,
            fileUrl: keys[0] ? `${services.env.SITE_URL}/staff/files/${keys[0]}` : null,
            submittedAt,
            idempotencyKey,
          })
          .returning({ id: consultations.id });
        if (attachments.length > 0) {
          await tx.insert(consultationAttachments).values(
            attachments.map((file, position) => ({
              consultationId: row!.id,
              storageKey: keys[position]!,
              originalName: file.name.slice(0, 255),
              contentType: file.contentType,
              sizeBytes: file.bytes.byteLength,
              position,
            })),
          );
        }
        const params = {
          to_email: input.email,
          full_name: input.fullName,
          country: input.country,
          phone: input.phone,
          project_brief: input.brief,
        };
        await services.outbox.enqueue(tx, {
          template: "consultation-notification",
          to: services.env.SALES_INBOX,
          params: { ...params, attachment_count: attachments.length },
          kind: "consultation",
        });
        return services.outbox.enqueue(tx, { template: "consultation-confirmation", to: input.email, params, kind: "consultation" });
      });
    } catch (error) {
      await removeFiles(services, keys);
      if (isUniqueViolation(error)) return answer({ status: "success", messages: [CONSULTATION_SUCCESS_MESSAGE] }, 200);
      logger.error({ err: error }, "Consultation insert failed");
      return answer({ status: "error", message: submissionFailedMessage(SUBMISSION_UNAVAILABLE_REASON) }, 503, values);
    }

    services.outbox.nudge();
    const delivery = await services.outbox.attemptNow(confirmationId, CONFIRMATION_WAIT_MS);
    if (delivery.status === "sent") {
      return answer({ status: "success", messages: [CONFIRMATION_EMAIL_SENT_MESSAGE, CONSULTATION_SUCCESS_MESSAGE] }, 200);
    }
    const reason = delivery.status === "failed" ? delivery.error : "the mail server is slow to answer; we will keep trying";
    return answer({ status: "success", messages: [CONSULTATION_SUCCESS_MESSAGE], warnings: [confirmationEmailFailedMessage(reason)] }, 200);
  } catch (error) {
    if (error instanceof FormRejection) {
      const fields: ConsultationFieldErrors | undefined = error.status === 413 || error.fileProblem ? { files: error.message } : undefined;
      return answer({ status: "error", message: error.message, fields }, error.status, values);
    }
    // The database failing before the insert (rate limit, duplicate check) is the same outage for the visitor.
    logger.error({ err: error }, "Consultation submission failed");
    return answer({ status: "error", message: submissionFailedMessage(SUBMISSION_UNAVAILABLE_REASON) }, 503, values);
  }
}

function answer(result: ConsultationResult, status: number, values?: Partial<Record<ConsultationField, string>>) {
  return data<ConsultationPost>(result.status === "error" && values ? { ...result, values } : result, { status });
}

function readForm(request: Request): Promise<FormData> {
  return readUploadForm(
    request,
    { maxFiles: MAX_FILES, maxFileSize: MAX_FILE_BYTES, maxParts: MAX_FILES + CONSULTATION_FORM_FIELDS.length + 4, maxTotalSize: MAX_REQUEST_BYTES },
    {
      tooManyFiles: () => fileRejection(400, `at most ${MAX_FILES} files can be attached.`),
      tooLarge: (limit) =>
        limit === "file"
          ? fileRejection(413, `each file must be ${formatBytes(MAX_FILE_BYTES)} or smaller.`)
          : fileRejection(413, `the files together are larger than ${formatBytes(MAX_REQUEST_BYTES)}.`),
    },
  );
}

function fileRejection(status: number, reason: string) {
  const rejection = new FormRejection(status, fileUploadFailedMessage(reason));
  rejection.fileProblem = true;
  return rejection;
}

async function checkAttachments(entries: FormDataEntryValue[]): Promise<Attachment[]> {
  const files = entries.filter((entry): entry is File => typeof entry !== "string" && !(entry.name === "" && entry.size === 0));
  if (files.length > MAX_FILES) throw fileRejection(400, `at most ${MAX_FILES} files can be attached.`);
  const attachments: Attachment[] = [];
  for (const file of files) {
    if (file.name.includes("\uFFFD")) throw fileRejection(400, "a file name is not valid text. Please rename the file and try again.");
    if (file.size > MAX_FILE_BYTES) throw fileRejection(413, `${file.name} is larger than ${formatBytes(MAX_FILE_BYTES)}.`);
    if (file.size === 0) throw fileRejection(400, `${file.name} is empty.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = await detectAllowedType(bytes, file.name);
    if (!contentType) throw fileRejection(415, `${file.name} is not an allowed file type (${ALLOWED_TYPES_TEXT}).`);
    attachments.push({ name: file.name, bytes, contentType });
  }
  return attachments;
}

/**
 * Stores every file under consultation/{timestamp}_{name}. Another request
 * may hold the same key (same millisecond, same name): such a file moves to
 * the next millisecond rather than overwriting the other one.
 */
async function storeFiles(services: Services, attachments: Attachment[], submittedAt: Date): Promise<string[]> {
  const names = attachments.map((file) => file.name);
  const stored: string[] = [];
  try {
    for (const [index, file] of attachments.entries()) {
      for (let shift = 0; ; shift++) {
        const key = consultationKeys(submittedAt.getTime() + shift, names)[index]!;
        try {
          await services.storage.put(key, file.bytes, { contentType: file.contentType, exclusive: true });
          stored.push(key);
          break;
        } catch (error) {
          if (!(error instanceof StorageKeyTakenError) || shift >= MAX_KEY_SHIFTS) throw error;
        }
      }
    }
    return stored;
  } catch (error) {
    logger.error({ err: error }, "Consultation file upload failed");
    await removeFiles(services, stored);
    throw fileRejection(503, "the file store is not available right now. Please try again in a few minutes.");
  }
}

async function removeFiles(services: Services, keys: string[]) {
  for (const key of keys) {
    await services.storage.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, "Could not remove an unused upload"));
  }
}

async function findEarlier(services: Services, idempotencyKey: string) {
  const [row] = await services.db
    .select({ id: consultations.id })
    .from(consultations)
    .where(eq(consultations.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

/** Same visitor, same words, same files, same ten minutes: a resubmission, not a new request. */
function contentKey(input: Record<ConsultationField, string>, attachments: Attachment[]): string {
  const hash = createHash("sha256");
  for (const field of consultationFields) hash.update(`${field}\u0000${input[field]}\u0000`);
  for (const file of attachments) hash.update(`${file.name}\u0000${file.bytes.byteLength}\u0000`);
  return `content-${hash.digest("hex").slice(0, 40)}-${Math.floor(Date.now() / CONTENT_DEDUPE_WINDOW_MS)}`;
}

import { createHash, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { constraintOf, isUniqueViolation } from "#app/platform/db/errors.server.ts";
import {
  APPLICATION_CONSENT_VERSION,
  APPLICATION_EMAIL_SENT_MESSAGE,
  APPLICATION_FAILED_MESSAGE,
  applicationErrors,
  applicationFields,
  applicationSchema,
  applicationSuccessMessage,
  MAX_APPLICATION_REQUEST_BYTES,
  MAX_RESUME_BYTES,
  RESUME_FIELD,
  RESUME_MIME_TYPES,
  RESUME_REQUIRED_MESSAGE,
  resumeEmptyMessage,
  resumeTooLargeMessage,
  resumeTypeMessage,
  type ApplicationErrorField,
  type ApplicationField,
  type ApplicationInput,
  type ApplicationResult,
} from "#app/features/careers/application-schema.ts";
import { findOpenJobByTitle } from "#app/features/careers/jobs.server.ts";
import { detectAllowedType } from "#app/features/forms/file-type.server.ts";
import {
  assertFormRequest,
  assertKnownFields,
  assertWithinRateLimit,
  FormRejection,
  honeypotFilled,
  idempotencyKeyOf,
  readUploadForm,
} from "#app/features/forms/form-guards.server.ts";
import { jobApplications } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { resumeKey, StorageKeyTakenError } from "#app/platform/storage/storage.server.ts";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";

const APPLICATION_FORM_FIELDS = [...applicationFields, RESUME_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD];
/** How long the response waits for the confirmation's first delivery attempt (as the consultation does). */
const CONFIRMATION_WAIT_MS = 4_000;
const MAX_KEY_SHIFTS = 50;
/** Without a client key, the same content posted again within this window is the same application. */
const CONTENT_DEDUPE_WINDOW_MS = 10 * 60_000;
/** No 0/O, 1/I/L: a reference read out on the phone cannot be misheard as another. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** The result, and on failure what the applicant typed, for the page drawn without JavaScript. */
export type ApplicationPost = ApplicationResult & { values?: Partial<Record<ApplicationField, string>> };

type Resume = { name: string; bytes: Uint8Array; contentType: string };

/** "APP-2026-4F7K2Q": the year and six characters that are easy to read aloud. */
export function newReference(now: Date = new Date()): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `APP-${now.getUTCFullYear()}-${code}`;
}

/**
 * POST /careers/registration: validate, store the resume privately, then in
 * one transaction write the application and both emails. Nothing is written
 * unless everything is; the answer names the reference.
 */
export async function handleApplicationPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  let values: Partial<Record<ApplicationField, string>> = {};
  try {
    assertFormRequest(request, { encodings: ["multipart"], maxBytes: MAX_APPLICATION_REQUEST_BYTES });
    await assertWithinRateLimit(services, context, "application");
    const form = await readForm(request);
    assertKnownFields(form, APPLICATION_FORM_FIELDS);
    values = Object.fromEntries(applicationFields.map((field) => [field, String(form.get(field) ?? "").slice(0, 6000)]));
    // A bot: answer as if it worked, store nothing.
    if (honeypotFilled(form)) return answer({ status: "success", reference: newReference(), messages: [] }, 200);

    const parsed = applicationSchema.safeParse(values);
    const resumeEntry = form.get(RESUME_FIELD);
    const resumeMissing = resumeEntry === null || typeof resumeEntry === "string";
    if (!parsed.success || resumeMissing) {
      const fields = parsed.success ? {} : applicationErrors(parsed.error.issues);
      if (resumeMissing) fields.resume = RESUME_REQUIRED_MESSAGE;
      const order: ApplicationErrorField[] = [...applicationFields, RESUME_FIELD];
      const first = order.find((field) => fields[field])!;
      return answer({ status: "error", message: fields[first]!, fields }, 400, values);
    }
    const input = parsed.data;
    const resume = await checkResume(resumeEntry);

    const idempotencyKey = idempotencyKeyOf(form) ?? contentKey(input, resume);
    const earlier = await findEarlier(services, idempotencyKey);
    if (earlier) return answer(success(earlier.reference, []), 200);

    const submittedAt = new Date();
    const key = await storeResume(services, resume, submittedAt);
    let saved: { reference: string; confirmationId: number };
    try {
      saved = await insertApplication(services, input, resume, key, idempotencyKey, submittedAt);
    } catch (error) {
      await services.storage.delete(key).catch((cause: unknown) => logger.warn({ err: cause, key }, "Could not remove an unused resume"));
      if (isUniqueViolation(error)) {
        // The same key committed meanwhile (a double submit racing this one): that application stands.
        const winner = await findEarlier(services, idempotencyKey);
        if (winner) return answer(success(winner.reference, []), 200);
      }
      logger.error({ err: error }, "Job application insert failed");
      return answer({ status: "error", message: APPLICATION_FAILED_MESSAGE }, 503, values);
    }

    services.outbox.nudge();
    const delivery = await services.outbox.attemptNow(saved.confirmationId, CONFIRMATION_WAIT_MS);
    if (delivery.status === "sent") return answer(success(saved.reference, [APPLICATION_EMAIL_SENT_MESSAGE]), 200);
    // The application is saved either way; the outbox keeps trying.
    const warning =
      delivery.status === "failed"
        ? `Your application is saved, but the confirmation email could not be sent yet: ${delivery.error}`
        : "Your application is saved; the confirmation email is on its way.";
    return answer({ ...success(saved.reference, []), warnings: [warning] }, 200);
  } catch (error) {
    if (error instanceof FormRejection) {
      const fields = error.status === 413 || error.fileProblem ? { resume: error.message } : undefined;
      return answer({ status: "error", message: error.message, fields }, error.status, values);
    }
    throw error;
  }
}

function success(reference: string, extra: string[]): Extract<ApplicationResult, { status: "success" }> {
  return { status: "success", reference, messages: [applicationSuccessMessage(reference), ...extra] };
}

function answer(result: ApplicationResult, status: number, values?: Partial<Record<ApplicationField, string>>) {
  return data<ApplicationPost>(result.status === "error" && values ? { ...result, values } : result, { status });
}

async function insertApplication(
  services: Services,
  input: ApplicationInput,
  resume: Resume,
  key: string,
  idempotencyKey: string,
  submittedAt: Date,
) {
  const job = input.position ? await findOpenJobByTitle(services.db, input.position) : null;
  // A reference is random; a clash with an earlier one (rare) just draws another.
  for (let attempt = 0; ; attempt++) {
    const reference = newReference(submittedAt);
    try {
      return await services.db.transaction(async (tx) => {
        await tx.insert(jobApplications).values({
          jobId: job?.id ?? null,
          position: input.position,
          fullName: input.fullName,
          email: input.email,
          phone: input.phone,
          resumeKey: key,
          resumeName: resume.name.slice(0, 255),
          resumeContentType: resume.contentType,
          resumeSize: resume.bytes.byteLength,
          portfolioUrl: input.portfolioUrl,
          yearsExperience: input.yearsExperience,
          coverLetter: input.coverLetter,
          consentAt: submittedAt,
          consentVersion: APPLICATION_CONSENT_VERSION,
          reference,
          idempotencyKey,
          createdAt: submittedAt,
        });
        const params = {
          to_email: input.email,
          full_name: input.fullName,
          phone: input.phone,
          position: job?.title ?? input.position ?? "General application",
          reference,
          portfolio_url: input.portfolioUrl ?? "",
          years_experience: input.yearsExperience === null ? "" : String(input.yearsExperience),
          cover_letter: input.coverLetter ?? "",
          resume_name: resume.name,
          job_url: job ? `${services.env.SITE_URL}/careers/${job.id}` : "",
        };
        await services.outbox.enqueue(tx, { template: "job-application-notification", to: services.env.HIRING_INBOX, params, kind: "job-application" });
        const confirmationId = await services.outbox.enqueue(tx, { template: "job-application-confirmation", to: input.email, params, kind: "job-application" });
        return { reference, confirmationId };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error) && constraintOf(error)?.includes("reference")) continue;
      throw error;
    }
  }
}

function readForm(request: Request): Promise<FormData> {
  return readUploadForm(
    request,
    { maxFiles: 1, maxFileSize: MAX_RESUME_BYTES, maxParts: APPLICATION_FORM_FIELDS.length + 4, maxTotalSize: MAX_APPLICATION_REQUEST_BYTES },
    {
      tooManyFiles: () => resumeRejection(400, "Please attach one resume only."),
      tooLarge: () => resumeRejection(413, resumeTooLargeMessage("Your file")),
    },
  );
}

function resumeRejection(status: number, message: string) {
  const rejection = new FormRejection(status, message);
  rejection.fileProblem = true;
  return rejection;
}

/** The resume must really be a PDF or a Word document, read from its bytes, never its name. */
async function checkResume(file: File): Promise<Resume> {
  if (file.name.includes("\uFFFD")) throw resumeRejection(400, "The resume's file name is not valid text. Please rename the file and try again.");
  if (file.size > MAX_RESUME_BYTES) throw resumeRejection(413, resumeTooLargeMessage(file.name));
  if (file.size === 0) throw resumeRejection(400, resumeEmptyMessage(file.name));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = await detectAllowedType(bytes, file.name);
  if (!contentType || !(RESUME_MIME_TYPES as readonly string[]).includes(contentType)) throw resumeRejection(415, resumeTypeMessage(file.name));
  return { name: file.name, bytes, contentType };
}

/** careers/{timestamp}_{name}; a taken key moves to the next millisecond rather than overwrite another applicant's file. */
async function storeResume(services: Services, resume: Resume, submittedAt: Date): Promise<string> {
  try {
    for (let shift = 0; ; shift++) {
      const key = resumeKey(submittedAt.getTime() + shift, resume.name);
      try {
        await services.storage.put(key, resume.bytes, { contentType: resume.contentType, exclusive: true });
        return key;
      } catch (error) {
        if (!(error instanceof StorageKeyTakenError) || shift >= MAX_KEY_SHIFTS) throw error;
      }
    }
  } catch (error) {
    logger.error({ err: error }, "Resume upload failed");
    throw resumeRejection(503, "Your resume could not be stored just now. Nothing was sent; please try again in a few minutes.");
  }
}

async function findEarlier(services: Services, idempotencyKey: string) {
  const [row] = await services.db
    .select({ reference: jobApplications.reference })
    .from(jobApplications)
    .where(eq(jobApplications.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

/** Same applicant, same answers, same resume, same ten minutes: a resubmission, not a new application. */
function contentKey(input: ApplicationInput, resume: Resume): string {
  const hash = createHash("sha256");
  for (const [field, value] of Object.entries(input)) hash.update(`${field}\u0000${String(value)}\u0000`);
  hash.update(createHash("sha256").update(resume.bytes).digest("hex"));
  return `content-${hash.digest("hex").slice(0, 40)}-${Math.floor(Date.now() / CONTENT_DEDUPE_WINDOW_MS)}`;
}

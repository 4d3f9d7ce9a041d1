import { data, type RouterContextProvider } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { FormRejection, type FormInput, type UploadRules } from "#app/features/forms/read-form.server.ts";
import { guardAndRead } from "#app/features/forms/submission.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/** Staff work in bursts (a status, a note, the next lead): far more posts than a visitor's form. */
const STAFF_POSTS_PER_WINDOW = 300;
/** Enough for the longest note; a form with files gets room for them on top. */
const STAFF_FORM_MAX_BYTES = 64 * 1024;

export type StaffFormRules = {
  /** Names the form in rate limits and logs. */
  name: string;
  fields: readonly string[];
  labels: Readonly<Record<string, string>>;
  multiline?: readonly string[];
  /** Posts per client address per FORM_RATE_WINDOW_SECONDS; sign-in and reset forms set their own. */
  rateLimit?: number;
  /** The whole body's limit, for a form that carries long content (a job's description); files come on top. */
  maxBytes?: number;
  /** A file field (an image), e.g. imageUploadRule("banner"). */
  upload?: UploadRules;
};

/**
 * Reads a staff form through the one form pipeline (origin check, rate limit
 * before the body, byte limits, control characters). Throws FormRejection;
 * `answerRejection` turns it into the form's answer.
 */
export function readStaffForm(request: Request, context: Readonly<RouterContextProvider>, services: Services, rules: StaffFormRules): Promise<FormInput> {
  return guardAndRead(request, context, services, {
    name: rules.name,
    rateLimit: rules.rateLimit ?? STAFF_POSTS_PER_WINDOW,
    read: {
      maxBytes: (rules.maxBytes ?? STAFF_FORM_MAX_BYTES) + (rules.upload ? rules.upload.maxFiles * rules.upload.maxFileBytes : 0),
      encodings: ["urlencoded", "multipart"],
      fields: rules.fields,
      multiline: rules.multiline ?? [],
      labels: rules.labels,
      ...(rules.upload ? { upload: rules.upload } : {}),
    },
  });
}

/** An error answer for the form, with the status it deserves. */
export function formError(status: number, message: string, fields?: Record<string, string>, values?: Record<string, string>) {
  return data<FormAnswer>({ status: "error", message, ...(fields ? { fields } : {}), ...(values ? { values } : {}) }, { status });
}

/** A refused post as the form's error answer; anything else is rethrown. */
export function answerRejection(error: unknown) {
  if (error instanceof FormRejection) return formError(error.status, error.message, error.field ? { [error.field]: error.message } : undefined, error.values);
  throw error;
}

/** A change's sentence as the form's answer: a success, or an error with the status it deserves (beside its field, when it names one). */
export function changeAnswer(change: { ok: true; message: string } | { ok: false; status: number; message: string; field?: string }) {
  if (change.ok) return { status: "success", messages: [change.message] } satisfies FormAnswer;
  return formError(change.status, change.message, change.field ? { [change.field]: change.message } : undefined);
}

/** The answer to a post whose action the page does not know (a stale page, a hand-made post). */
export function unknownIntent() {
  return formError(400, "This form asked for something the page does not do. Reload the page and try again.");
}

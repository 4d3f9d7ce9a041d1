import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import type { RouterContextProvider } from "react-router";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { formatBytes, HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";

/**
 * Checks every public form post goes through before its own validation. Each
 * failure is a FormRejection: an HTTP status and a sentence for the visitor.
 */
export class FormRejection extends Error {
  /** The problem is with the attached files (the form marks its file field). */
  fileProblem = false;

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;

type FormEncoding = "urlencoded" | "multipart";

export function assertFormRequest(request: Request, { encodings, maxBytes }: { encodings: FormEncoding[]; maxBytes: number }) {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const accepted =
    (encodings.includes("urlencoded") && type.startsWith("application/x-www-form-urlencoded")) ||
    (encodings.includes("multipart") && type.startsWith("multipart/form-data"));
  if (!accepted) throw new FormRejection(415, "This form must be sent from the page's form (unsupported content type).");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) throw new FormRejection(413, `The form is too large to send (limit ${formatBytes(maxBytes)}).`);
}

/** Fields a form may send; anything else means the post did not come from our form. */
export function assertKnownFields(form: FormData, allowed: readonly string[]) {
  for (const name of form.keys()) {
    if (!allowed.includes(name)) {
      throw new FormRejection(400, `The form contained a field it does not have ("${name.slice(0, 40)}"). Please reload the page and try again.`);
    }
  }
}

export function honeypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** The client's idempotency key when it is well formed, else null. */
export function idempotencyKeyOf(form: FormData): string | null {
  const value = form.get(IDEMPOTENCY_FIELD);
  return typeof value === "string" && IDEMPOTENCY_KEY_PATTERN.test(value) ? value : null;
}

/** Counts this post against the client's allowance for the named form. */
export async function assertWithinRateLimit(services: Services, context: Readonly<RouterContextProvider>, formName: string) {
  const { FORM_RATE_LIMIT, FORM_RATE_WINDOW_SECONDS } = services.env;
  const result = await hitRateLimit(services.db, `${formName}:${clientAddressOf(context)}`, {
    limit: FORM_RATE_LIMIT,
    windowMs: FORM_RATE_WINDOW_SECONDS * 1000,
  });
  if (!result.allowed) {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    throw new FormRejection(
      429,
      `Too many submissions from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
}

export type UploadLimits = { maxFiles: number; maxFileSize: number; maxTotalSize: number; maxParts: number };

/** What a form tells the visitor when an upload breaks a limit. */
export type UploadRejections = {
  tooManyFiles: () => FormRejection;
  tooLarge: (limit: "file" | "total") => FormRejection;
};

/**
 * Reads a form that may carry files, holding each file in memory within the
 * limits (a urlencoded post, without files, is read as it is). An empty file
 * input posts a nameless empty part: that is "no file", not a file.
 */
export async function readUploadForm(request: Request, limits: UploadLimits, rejections: UploadRejections): Promise<FormData> {
  try {
    if (!(request.headers.get("content-type") ?? "").startsWith("multipart/")) return await request.formData();
    return await parseFormData(request, limits, (upload) => (upload.name === "" && upload.size === 0 ? null : upload));
  } catch (error) {
    if (error instanceof MaxFilesExceededError) throw rejections.tooManyFiles();
    if (error instanceof MaxFileSizeExceededError) throw rejections.tooLarge("file");
    if (error instanceof MaxTotalSizeExceededError) throw rejections.tooLarge("total");
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError) {
      throw new FormRejection(400, "The form could not be read. Please reload the page and try again.");
    }
    throw error;
  }
}

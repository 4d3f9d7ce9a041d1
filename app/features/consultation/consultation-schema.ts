// zod/mini keeps the shared schema small in the browser bundle.
import * as z from "zod/mini";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { toEmailAddress } from "#app/features/email-address-field.ts";
import { EMAIL_MAX_LENGTH, fileExtension, formatBytes, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";

/** The form's required fields in the order the form shows them (spec §3 form state). */
export const consultationFields = ["fullName", "email", "country", "phone", "brief"] as const;
export type ConsultationField = (typeof consultationFields)[number];

/** Visible labels; the missing-fields toast lists these (spec §5). */
export const consultationFieldLabels: Record<ConsultationField, string> = {
  fullName: "Full Name",
  email: "Email Address",
  country: "Country",
  phone: "Phone Number",
  brief: "Project Brief",
};

/** Maximum lengths: the inputs' maxLength and the server's limits. The spec gives none. */
export const consultationFieldLimits: Record<ConsultationField, number> = {
  fullName: 120,
  email: EMAIL_MAX_LENGTH,
  country: 80,
  phone: 40,
  brief: 5000,
};

/** Attachments: the spec leaves their limits open; these are ours. The server re-checks types by content. */
export const FILES_FIELD = "files";
export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Upper bound for a whole multipart request: every file at its limit plus the text fields. */
export const MAX_REQUEST_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024;

export type AllowedFileType = { label: string; mimeTypes: readonly string[]; extensions: readonly string[] };

export const ALLOWED_FILE_TYPES: readonly AllowedFileType[] = [
  { label: "PDF", mimeTypes: ["application/pdf"], extensions: [".pdf"] },
  {
    label: "Word",
    mimeTypes: ["application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    extensions: [".doc", ".docx"],
  },
  {
    label: "Excel",
    mimeTypes: ["application/vnd.ms-excel", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    extensions: [".xls", ".xlsx"],
  },
  {
    label: "PowerPoint",
    mimeTypes: ["application/vnd.ms-powerpoint", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
    extensions: [".ppt", ".pptx"],
  },
  { label: "Text", mimeTypes: ["text/plain"], extensions: [".txt"] },
  { label: "CSV", mimeTypes: ["text/csv", "application/csv"], extensions: [".csv"] },
  { label: "PNG", mimeTypes: ["image/png"], extensions: [".png"] },
  { label: "JPEG", mimeTypes: ["image/jpeg"], extensions: [".jpg", ".jpeg"] },
];

const ALLOWED_MIME_TYPES: readonly string[] = ALLOWED_FILE_TYPES.flatMap((type) => type.mimeTypes);
export const ALLOWED_EXTENSIONS: readonly string[] = ALLOWED_FILE_TYPES.flatMap((type) => type.extensions);
/** The file input's `accept` attribute. */
export const FILE_INPUT_ACCEPT = [...ALLOWED_EXTENSIONS, ...ALLOWED_MIME_TYPES].join(",");
/** "PDF, Word, Excel, PowerPoint, Text, CSV, PNG or JPEG" */
export const ALLOWED_TYPES_TEXT = `${ALLOWED_FILE_TYPES.slice(0, -1)
  .map((type) => type.label)
  .join(", ")} or ${ALLOWED_FILE_TYPES.at(-1)?.label ?? ""}`;

/** Spec §8: the consultation's texts, kept to the letter. */
const MISSING_FIELDS_PREFIX = "Please fill all required fields: ";
export const CONSULTATION_SUCCESS_MESSAGE = "Consultation request submitted successfully!";
export const CONFIRMATION_EMAIL_SENT_MESSAGE = "Confirmation email sent successfully!";
export const confirmationEmailFailedMessage = (text: string) => `Failed to send confirmation email: ${text}`;
export const fileUploadFailedMessage = (reason: string) => `File upload failed: ${reason}`;
/** Spec §8: "Submission failed: {reason}", shown as "Error: {message}". */
export const submissionFailedMessage = (reason: string) => `Error: Submission failed: ${reason}`;

/** "Please fill all required fields: Full Name, Country" for the fields given, in form order. */
export function missingFieldsMessage(missing: readonly ConsultationField[]): string {
  const ordered = consultationFields.filter((field) => missing.includes(field));
  return MISSING_FIELDS_PREFIX + ordered.map((field) => consultationFieldLabels[field]).join(", ");
}

/** The required fields that are absent or blank (whitespace only), in form order. */
export function findMissingFields(values: Partial<Record<ConsultationField, unknown>>): ConsultationField[] {
  return consultationFields.filter((field) => {
    const value = values[field];
    return typeof value !== "string" || value.trim() === "";
  });
}

/** The inline text under a field left empty. */
export const requiredFieldMessage = (field: ConsultationField) => `${consultationFieldLabels[field]} is required.`;
const tooLongMessage = (field: ConsultationField) => `${consultationFieldLabels[field]} must be at most ${consultationFieldLimits[field]} characters.`;

const requiredText = (field: ConsultationField) =>
  z
    .string({ error: requiredFieldMessage(field) })
    .check(z.trim(), z.minLength(1, requiredFieldMessage(field)), z.maxLength(consultationFieldLimits[field], tooLongMessage(field)));

/** The text fields, for the browser and the server. No format check on phone or country (spec §5). */
export const consultationSchema = z.object({
  fullName: requiredText("fullName"),
  email: z.pipe(requiredText("email"), toEmailAddress(INVALID_EMAIL_MESSAGE)),
  country: requiredText("country"),
  phone: requiredText("phone"),
  brief: requiredText("brief"),
});
export type ConsultationInput = z.output<typeof consultationSchema>;

/** Field errors keyed by field; `files` carries a problem with the attachments. */
export type ConsultationFieldErrors = Partial<Record<ConsultationField | typeof FILES_FIELD, string>>;

/**
 * What a stored request tells its visitor beside the toasts: the reference to
 * quote and when to expect the answer ("within the hour", "by 10:10 on
 * Monday, 30 November, your time"). A bot's answer (the honeypot) has none.
 */
export type ConsultationReceipt = { reference: string; due: string };

/** What POST /consultation answers (see FormAnswer). */
export type ConsultationResult = FormAnswer<{ receipt?: ConsultationReceipt }>;
/** Shown when the answer is not one of ours (a proxy's error page, a crash). */
export const UNEXPECTED_ANSWER_MESSAGE = submissionFailedMessage("the server sent an unexpected answer. Please try again.");

/** What the browser knows of a chosen file; `File` satisfies it. */
export type FileFacts = { name: string; size: number; type: string };

/**
 * A quick check by name and declared type only; the server decides by content.
 * Browsers report an empty or generic type for many documents, so those pass
 * on their extension alone.
 */
export function isAllowedFileType(file: FileFacts): boolean {
  if (!ALLOWED_EXTENSIONS.includes(fileExtension(file.name))) return false;
  const type = file.type.toLowerCase();
  return type === "" || type === "application/octet-stream" || ALLOWED_MIME_TYPES.includes(type);
}

const fileTooLargeMessage = (name: string) =>
  `"${name}" is larger than ${formatBytes(MAX_FILE_BYTES)}. Each file must be ${formatBytes(MAX_FILE_BYTES)} or smaller.`;
const fileTypeNotAllowedMessage = (name: string) => `"${name}" is not an allowed file type. Attach ${ALLOWED_TYPES_TEXT} files.`;
const emptyFileMessage = (name: string) => `"${name}" is empty.`;
const tooManyFilesMessage = (notAdded: readonly string[]) =>
  `You can attach up to ${MAX_FILES} files, so ${notAdded.length === 1 ? `"${notAdded[0]}" was` : `${notAdded.length} files were`} not added.`;

/** The problem with one file on its own, or null. */
export function fileProblem(file: FileFacts): string | null {
  if (!isAllowedFileType(file)) return fileTypeNotAllowedMessage(file.name);
  if (file.size > MAX_FILE_BYTES) return fileTooLargeMessage(file.name);
  if (file.size === 0) return emptyFileMessage(file.name);
  return null;
}

const sameFile = (a: FileFacts & { lastModified?: number }, b: FileFacts & { lastModified?: number }) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds newly chosen files to those already attached: skips exact duplicates,
 * refuses files with a problem and anything beyond MAX_FILES, and says why.
 */
export function addFiles<T extends FileFacts & { lastModified?: number }>(current: readonly T[], incoming: readonly T[]): { files: T[]; problems: string[] } {
  const files = [...current];
  const problems: string[] = [];
  const overLimit: string[] = [];
  for (const file of incoming) {
    if (files.some((existing) => sameFile(existing, file))) continue;
    const problem = fileProblem(file);
    if (problem) problems.push(problem);
    else if (files.length >= MAX_FILES) overLimit.push(file.name);
    else files.push(file);
  }
  if (overLimit.length > 0) problems.push(tooManyFilesMessage(overLimit));
  return { files, problems };
}

/** Spec §4: idle, then uploading (when files are attached), then submitting. */
export type SubmissionPhase = "idle" | "uploading" | "submitting";

/**
 * The phase from a fetcher's state: while the request is on its way it
 * carries the files, so it is "uploading" when there are any; once the
 * server has answered and the page data reloads, it is "submitting".
 */
export function submissionPhase(fetcherState: "idle" | "submitting" | "loading", hasFiles: boolean): SubmissionPhase {
  if (fetcherState === "idle") return "idle";
  return fetcherState === "submitting" && hasFiles ? "uploading" : "submitting";
}

// zod/mini keeps the shared schema small in the browser bundle.
import * as z from "zod/mini";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { isHttpUrl } from "#app/features/careers/job-questions.ts";
import { toEmailAddress } from "#app/features/email-address-field.ts";
import {
  CONSENT_REQUIRED_MESSAGE,
  CONSENT_VALUE,
  EMAIL_MAX_LENGTH,
  fileExtension,
  formatBytes,
  INVALID_EMAIL_MESSAGE,
} from "#app/features/forms/form-rules.ts";

/** The application form's text fields, in the order the form shows them. */
export const applicationFields = [
  "fullName",
  "email",
  "phone",
  "position",
  "portfolioUrl",
  "yearsExperience",
  "coverLetter",
  "futureRoles",
  "consent",
] as const;
export type ApplicationField = (typeof applicationFields)[number];
export const RESUME_FIELD = "resume";
/** Fields that carry an error on the form: the text fields and the resume. */
export type ApplicationErrorField = ApplicationField | typeof RESUME_FIELD;

export const applicationFieldLabels: Record<ApplicationErrorField, string> = {
  fullName: "Full Name",
  email: "Email Address",
  phone: "Phone Number",
  position: "Position",
  resume: "Resume",
  portfolioUrl: "LinkedIn or Portfolio URL",
  yearsExperience: "Years of Experience",
  coverLetter: "Cover Letter",
  futureRoles: "Keep me in mind for future roles",
  consent: "Privacy Policy consent",
};

/** Maximum lengths: the inputs' maxLength and the server's limits. */
export const applicationFieldLimits = {
  fullName: 120,
  email: EMAIL_MAX_LENGTH,
  phone: 40,
  position: 200,
  portfolioUrl: 500,
  coverLetter: 5000,
} as const;
export const MIN_YEARS = 0;
export const MAX_YEARS = 60;

/** The resume: one file, PDF or Word, checked by content on the server. */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024;
/** Upper bound for the whole multipart request: the resume at its limit plus the text fields. */
export const MAX_APPLICATION_REQUEST_BYTES = MAX_RESUME_BYTES + 256 * 1024;
const RESUME_EXTENSIONS = [".pdf", ".doc", ".docx"] as const;
export const RESUME_MIME_TYPES = ["application/pdf", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"] as const;
export const RESUME_ACCEPT = [...RESUME_EXTENSIONS, ...RESUME_MIME_TYPES].join(",");

/** The value the "keep me in mind for future roles" box posts when ticked. */
export const FUTURE_ROLES_VALUE = "yes";

/** Which wording of the consent the applicant saw; change it whenever the wording changes. */
export const APPLICATION_CONSENT_VERSION = "careers-2026-01";

const requiredMessage = (field: ApplicationErrorField) =>
  field === "consent" ? CONSENT_REQUIRED_MESSAGE : field === "resume" ? RESUME_REQUIRED_MESSAGE : `${applicationFieldLabels[field]} is required.`;
const tooLong = (field: keyof typeof applicationFieldLimits) => `${applicationFieldLabels[field]} must be at most ${applicationFieldLimits[field]} characters.`;

export const RESUME_REQUIRED_MESSAGE = "Please attach your resume (PDF, DOC or DOCX).";
export const PORTFOLIO_URL_MESSAGE = "Enter a full web address starting with https:// or http://, e.g. https://www.linkedin.com/in/your-name.";
export const YEARS_MESSAGE = `Years of Experience must be a whole number from ${MIN_YEARS} to ${MAX_YEARS}.`;
export const resumeTooLargeMessage = (name: string) =>
  `"${name}" is larger than ${formatBytes(MAX_RESUME_BYTES)}. Your resume must be ${formatBytes(MAX_RESUME_BYTES)} or smaller.`;
export const resumeTypeMessage = (name: string) => `"${name}" is not a PDF, DOC or DOCX document. Please attach your resume in one of these formats.`;
export const resumeEmptyMessage = (name: string) => `"${name}" is empty. Please attach your resume again.`;
export const APPLICATION_FAILED_MESSAGE = "Your application could not be saved just now. Nothing was sent; please try again in a few minutes.";
export const applicationSuccessMessage = (reference: string) => `Application submitted successfully! Your reference number is ${reference}.`;
export const APPLICATION_EMAIL_SENT_MESSAGE = "We have emailed you a confirmation.";

const trimmed = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value ?? "").trim()),
);

function required(field: "fullName" | "phone") {
  return z.pipe(trimmed, z.string().check(z.minLength(1, requiredMessage(field)), z.maxLength(applicationFieldLimits[field], tooLong(field))));
}

/** Empty is "not given"; otherwise it must be an http(s) address. */
const portfolioUrl = z.pipe(
  trimmed,
  z.string().check(
    z.maxLength(applicationFieldLimits.portfolioUrl, tooLong("portfolioUrl")),
    z.refine((value) => value === "" || isHttpUrl(value), PORTFOLIO_URL_MESSAGE),
  ),
);

const yearsExperience = z.pipe(
  trimmed,
  z.string().check(z.refine((value) => value === "" || (/^\d{1,2}$/.test(value) && Number(value) <= MAX_YEARS), YEARS_MESSAGE)),
);

/** One schema for the browser and the server; empty optional fields come out as null. */
export const applicationSchema = z.pipe(
  z.object({
    fullName: required("fullName"),
    email: z.pipe(
      z.pipe(trimmed, z.string().check(z.minLength(1, requiredMessage("email")), z.maxLength(EMAIL_MAX_LENGTH, tooLong("email")))),
      toEmailAddress(INVALID_EMAIL_MESSAGE),
    ),
    phone: required("phone"),
    position: z.pipe(trimmed, z.string().check(z.maxLength(applicationFieldLimits.position, tooLong("position")))),
    portfolioUrl,
    yearsExperience,
    coverLetter: z.pipe(trimmed, z.string().check(z.maxLength(applicationFieldLimits.coverLetter, tooLong("coverLetter")))),
    // Optional: a box left unticked posts nothing; anything but its own value is not a yes.
    futureRoles: trimmed,
    consent: z.pipe(trimmed, z.string().check(z.refine((value) => value === CONSENT_VALUE, CONSENT_REQUIRED_MESSAGE))),
  }),
  z.transform((value) => ({
    fullName: value.fullName,
    email: value.email,
    phone: value.phone,
    position: value.position || null,
    portfolioUrl: value.portfolioUrl || null,
    yearsExperience: value.yearsExperience === "" ? null : Number(value.yearsExperience),
    coverLetter: value.coverLetter || null,
    futureRoles: value.futureRoles === FUTURE_ROLES_VALUE,
  })),
);
export type ApplicationInput = z.output<typeof applicationSchema>;

export type ApplicationFieldErrors = Partial<Record<ApplicationErrorField, string>>;

/** The first message per field, from a failed parse. */
export function applicationErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ApplicationFieldErrors {
  const errors: ApplicationFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as ApplicationField | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** What the browser knows of the chosen resume; `File` satisfies it. */
export type ResumeFacts = { name: string; size: number; type: string };

/** A quick check by name and size before posting; the server decides by content. */
export function resumeProblem(file: ResumeFacts | null | undefined): string | null {
  if (!file || (file.name === "" && file.size === 0)) return RESUME_REQUIRED_MESSAGE;
  if (!(RESUME_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return resumeTypeMessage(file.name);
  if (file.size > MAX_RESUME_BYTES) return resumeTooLargeMessage(file.name);
  if (file.size === 0) return resumeEmptyMessage(file.name);
  return null;
}

/** What POST /careers/registration answers (see FormAnswer); a success names the reference. */
export type ApplicationResult = FormAnswer<{ reference: string }>;

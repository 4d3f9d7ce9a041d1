import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import {
  APPLICATION_CONSENT_VERSION,
  APPLICATION_EMAIL_SENT_MESSAGE,
  APPLICATION_FAILED_MESSAGE,
  applicationErrors,
  applicationFieldLabels,
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
  applicationFieldLimits,
  type ApplicationInput,
} from "#app/features/careers/application-schema.ts";
import {
  answerFieldName,
  answerFormFields,
  QUESTION_SET_FIELD,
  questionSetKey,
  QUESTIONS_CHANGED_MESSAGE,
  readAnswers,
  type QuestionAnswer,
} from "#app/features/careers/job-questions.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { newStatusToken, statusPageUrl } from "#app/features/careers/application-status.server.ts";
import { applicationConfirmationMessageId } from "#app/features/careers/application-emails.server.ts";
import { findOpenJobByTitle } from "#app/features/careers/jobs.server.ts";
import type { SuccessAnswer } from "#app/features/forms/form-answer.ts";
import { detectAllowedType } from "#app/features/forms/file-type.server.ts";
import { newReference } from "#app/features/forms/reference.server.ts";
import { CONFIRMATIONS_PER_ADDRESS, submitForm, type FormSpec } from "#app/features/forms/submission.server.ts";
import { constraintOf, isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { jobApplications } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { resumeKey } from "#app/platform/storage/storage.server.ts";

type Applied = SuccessAnswer<{ reference: string }>;

/** "APP-2026-4F7K2Q". */
export const newApplicationReference = (now?: Date) => newReference("APP", now);

const applied = (reference: string, extra: string[] = [], warnings?: string[]): Applied => ({
  status: "success",
  reference,
  messages: [applicationSuccessMessage(reference), ...extra],
  ...(warnings ? { warnings } : {}),
});

/** The form's fields and the answers to the chosen job's questions. */
type ApplicationWithAnswers = ApplicationInput & { answers: QuestionAnswer[]; meetsRequirements: boolean };

/** The fields in the order the form shows them, for the first problem's message. */
const fieldOrder: string[] = [...applicationFields.filter((field) => field !== "consent"), RESUME_FIELD, ...answerFormFields, "consent"];

/**
 * The answers to the questions of the job applied for (by the position, as
 * the application is filed), checked against the questions the page showed.
 */
async function checkAnswers(
  db: Database,
  values: Record<string, string>,
): Promise<{ fields: Record<string, string>; messages: Record<string, string> } & Pick<ApplicationWithAnswers, "answers" | "meetsRequirements">> {
  const none = { fields: {}, messages: {}, answers: [], meetsRequirements: true };
  const position = (values.position ?? "").trim();
  const job = position && position.length <= applicationFieldLimits.position ? await findOpenJobByTitle(db, position) : null;
  if (!job || job.questions.length === 0) return none;
  const shown = values[QUESTION_SET_FIELD] ?? "";
  if (shown !== questionSetKey(job.questions)) {
    const message = shown === "" ? jobAsksQuestionsMessage(job.title) : QUESTIONS_CHANGED_MESSAGE;
    return { ...none, fields: { position: message }, messages: { position: message } };
  }
  const read = readAnswers(job.questions, values);
  if (read.ok) return { ...none, answers: read.answers, meetsRequirements: read.meetsRequirements };
  const messages = Object.fromEntries(
    job.questions.map((question, index) => [answerFieldName(index + 1), `${question.label}: ${read.errors[answerFieldName(index + 1)]}`]),
  );
  return { ...none, fields: read.errors, messages };
}

const jobAsksQuestionsMessage = (title: string) =>
  `"${title}" asks questions of its own. Please open it on the careers page and choose Apply, so that the form shows them.`;

const applicationForm: FormSpec<ApplicationWithAnswers, string, { reference: string }> = {
  name: "application",
  read: {
    maxBytes: MAX_APPLICATION_REQUEST_BYTES,
    encodings: ["multipart"],
    fields: [...applicationFields, ...answerFormFields, QUESTION_SET_FIELD],
    // An answer to a long-text question keeps its line breaks; the others are made single lines when read.
    multiline: ["coverLetter", ...answerFormFields],
    labels: applicationFieldLabels,
    upload: {
      field: RESUME_FIELD,
      maxFiles: 1,
      maxFileBytes: MAX_RESUME_BYTES,
      // The resume must really be a PDF or a Word document, read from its bytes, never its name.
      async detectType(bytes, name) {
        const type = await detectAllowedType(bytes, name);
        return type && (RESUME_MIME_TYPES as readonly string[]).includes(type) ? type : null;
      },
      messages: {
        tooMany: () => "Please attach one resume only.",
        tooLarge: resumeTooLargeMessage,
        empty: resumeEmptyMessage,
        notAllowed: resumeTypeMessage,
        badName: () => "The resume's file name is not valid text. Please rename the file and try again.",
        storeFailed: "Your resume could not be stored just now. Nothing was sent; please try again in a few minutes.",
      },
    },
  },
  echo: [...applicationFields, ...answerFormFields],
  unavailableMessage: APPLICATION_FAILED_MESSAGE,

  async validate({ values, files }, db) {
    const parsed = applicationSchema.safeParse(values);
    const fields: Record<string, string> = parsed.success ? {} : applicationErrors(parsed.error.issues);
    if (files.length === 0) fields.resume = RESUME_REQUIRED_MESSAGE;
    const answers = await checkAnswers(db, values);
    for (const [field, message] of Object.entries(answers.fields)) fields[field] ??= message;
    const first = fieldOrder.find((field) => fields[field]);
    if (parsed.success && !first) return { ok: true, input: { ...parsed.data, answers: answers.answers, meetsRequirements: answers.meetsRequirements } };
    return { ok: false, message: answers.messages[first!] ?? fields[first!]!, fields };
  },

  // A bot: answer as if it worked, store nothing, send nothing.
  botAnswer: () => ({ status: "success", reference: newApplicationReference(), messages: [] }),

  async findEarlier(db, idempotencyKey) {
    const [row] = await db
      .select({ reference: jobApplications.reference })
      .from(jobApplications)
      .where(eq(jobApplications.idempotencyKey, idempotencyKey))
      .limit(1);
    return row ? applied(row.reference) : null;
  },

  fileKey: (submittedAt, shift, files, index) => resumeKey(submittedAt.getTime() + shift, files[index]!.name),

  async save({ tx, input, files, idempotencyKey, submittedAt, attribution, services, confirm }) {
    const resume = files[0]!;
    const job = input.position ? await findOpenJobByTitle(tx, input.position) : null;
    const statusToken = newStatusToken();
    // A reference is random; a clash with an earlier one (rare) draws another, in a savepoint so the transaction goes on.
    for (let attempt = 0; ; attempt++) {
      const reference = newApplicationReference(submittedAt);
      let applicationId: number;
      try {
        applicationId = await tx.transaction(async (savepoint) => {
          const [row] = await savepoint
            .insert(jobApplications)
            .values({
              jobId: job?.id ?? null,
              position: input.position,
              fullName: input.fullName,
              email: input.email,
              phone: input.phone,
              resumeKey: resume.key,
              resumeName: resume.name.slice(0, 255),
              resumeContentType: resume.contentType,
              resumeSize: resume.size,
              portfolioUrl: input.portfolioUrl,
              yearsExperience: input.yearsExperience,
              coverLetter: input.coverLetter,
              consentAt: submittedAt,
              consentVersion: APPLICATION_CONSENT_VERSION,
              futureRolesConsentAt: input.futureRoles ? submittedAt : null,
              reference,
              idempotencyKey,
              createdAt: submittedAt,
              attribution,
              statusTokenHash: statusToken.hash,
              answers: input.answers,
              meetsRequirements: input.meetsRequirements,
            })
            .returning({ id: jobApplications.id });
          return row!.id;
        });
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error) && constraintOf(error)?.includes("reference")) continue;
        throw error;
      }
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
      await services.outbox.enqueue(tx, {
        template: "job-application-notification",
        to: services.env.HIRING_INBOX,
        params,
        kind: "job-application",
        applicationId,
      });
      // Only the applicant's own email carries the link to their status page.
      await confirm({
        template: "job-application-confirmation",
        to: input.email,
        params: { ...params, status_url: statusPageUrl(services.env.SITE_URL, statusToken.token) },
        kind: "job-application",
        applicationId,
        messageId: applicationConfirmationMessageId(applicationId, services.env.SITE_URL),
      });
      return reference;
    }
  },

  // The application is saved whatever happened to the email; the outbox keeps trying.
  answer(reference, confirmation) {
    if (confirmation?.status === "sent") return applied(reference, [APPLICATION_EMAIL_SENT_MESSAGE]);
    const warning =
      confirmation?.status === "failed"
        ? `Your application is saved, but the confirmation email could not be sent yet: ${confirmation.error}`
        : confirmation?.status === "limited"
          ? `Your application is saved. This address has already received ${CONFIRMATIONS_PER_ADDRESS.limit} confirmation emails from us today, so we sent no other.`
          : "Your application is saved; the confirmation email is on its way.";
    return applied(reference, [], [warning]);
  },
};

/**
 * POST /careers/registration: the resume stored privately, then the
 * application and both emails in one transaction; the answer names the reference.
 */
export function handleApplicationPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  return submitForm(request, context, services, applicationForm);
}

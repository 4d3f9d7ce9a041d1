import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import {
  ALLOWED_TYPES_TEXT,
  CONFIRMATION_EMAIL_SENT_MESSAGE,
  CONSULTATION_SUCCESS_MESSAGE,
  confirmationEmailFailedMessage,
  consultationFieldLabels,
  consultationFields,
  consultationSchema,
  fileUploadFailedMessage,
  FILES_FIELD,
  findMissingFields,
  MAX_FILE_BYTES,
  MAX_FILES,
  MAX_REQUEST_BYTES,
  missingFieldsMessage,
  submissionFailedMessage,
  type ConsultationInput,
  type ConsultationResult,
} from "#app/features/consultation/consultation-schema.ts";
import { confirmationMessageId } from "#app/features/consultation/consultation-emails.server.ts";
import { detectAllowedType } from "#app/features/forms/file-type.server.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { CONFIRMATIONS_PER_ADDRESS, submitForm, type FormSpec } from "#app/features/forms/submission.server.ts";
import { consultationAttachments, consultations } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { consultationKeys } from "#app/platform/storage/storage.server.ts";

const success = (messages: string[], warnings?: string[]): Extract<ConsultationResult, { status: "success" }> =>
  warnings ? { status: "success", messages, warnings } : { status: "success", messages };

const consultationForm: FormSpec<ConsultationInput, void, object> = {
  name: "consultation",
  read: {
    maxBytes: MAX_REQUEST_BYTES,
    encodings: ["multipart", "urlencoded"],
    fields: consultationFields,
    multiline: ["brief"],
    labels: consultationFieldLabels,
    upload: {
      field: FILES_FIELD,
      maxFiles: MAX_FILES,
      maxFileBytes: MAX_FILE_BYTES,
      detectType: detectAllowedType,
      messages: {
        tooMany: () => fileUploadFailedMessage(`at most ${MAX_FILES} files can be attached.`),
        tooLarge: (name) => fileUploadFailedMessage(`${name} is larger than ${formatBytes(MAX_FILE_BYTES)}.`),
        empty: (name) => fileUploadFailedMessage(`${name} is empty.`),
        notAllowed: (name) => fileUploadFailedMessage(`${name} is not an allowed file type (${ALLOWED_TYPES_TEXT}).`),
        badName: () => fileUploadFailedMessage("a file name is not valid text. Please rename the file and try again."),
        storeFailed: fileUploadFailedMessage("the file store is not available right now. Please try again in a few minutes."),
      },
    },
  },
  echo: consultationFields,
  unavailableMessage: submissionFailedMessage("we could not save your request just now. Please try again in a few minutes."),

  validate({ values }) {
    const missing = findMissingFields(values);
    if (missing.length > 0) {
      return { ok: false, message: missingFieldsMessage(missing), fields: Object.fromEntries(missing.map((field) => [field, "Required"])) };
    }
    const parsed = consultationSchema.safeParse(values);
    if (parsed.success) return { ok: true, input: parsed.data };
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message, fields: { [String(issue.path[0])]: issue.message } };
  },

  botAnswer: () => success([CONSULTATION_SUCCESS_MESSAGE]),

  async findEarlier(db, idempotencyKey) {
    const [row] = await db.select({ id: consultations.id }).from(consultations).where(eq(consultations.idempotencyKey, idempotencyKey)).limit(1);
    return row ? success([CONSULTATION_SUCCESS_MESSAGE]) : null;
  },

  fileKey: (submittedAt, shift, files, index) =>
    consultationKeys(
      submittedAt.getTime() + shift,
      files.map((file) => file.name),
    )[index]!,

  async save({ tx, input, files, idempotencyKey, submittedAt, services, confirm }) {
    const [row] = await tx
      .insert(consultations)
      .values({
        fullName: input.fullName,
        email: input.email,
        country: input.country,
        phone: input.phone,
        projectBrief: input.brief,
        fileUrl: files[0] ? `${services.env.SITE_URL}/staff/files/${files[0].key}` : null,
        submittedAt,
        idempotencyKey,
      })
      .returning({ id: consultations.id });
    if (files.length > 0) {
      await tx.insert(consultationAttachments).values(
        files.map((file, position) => ({
          consultationId: row!.id,
          storageKey: file.key,
          originalName: file.name.slice(0, 255),
          contentType: file.contentType,
          sizeBytes: file.size,
          position,
        })),
      );
    }
    // Spec §3: the confirmation's template parameters.
    const params = { to_email: input.email, full_name: input.fullName, country: input.country, phone: input.phone, project_brief: input.brief };
    await services.outbox.enqueue(tx, {
      template: "consultation-notification",
      to: services.env.SALES_INBOX,
      params: { ...params, attachment_count: files.length },
      kind: "consultation",
      consultationId: row!.id,
    });
    await confirm({
      template: "consultation-confirmation",
      to: input.email,
      params,
      kind: "consultation",
      consultationId: row!.id,
      messageId: confirmationMessageId(row!.id, services.env.SITE_URL),
    });
  },

  answer(_saved, confirmation) {
    if (confirmation?.status === "sent") return success([CONFIRMATION_EMAIL_SENT_MESSAGE, CONSULTATION_SUCCESS_MESSAGE]);
    const reason =
      confirmation?.status === "failed"
        ? confirmation.error
        : confirmation?.status === "limited"
          ? `this address has already received ${CONFIRMATIONS_PER_ADDRESS.limit} confirmation emails from us today; your request reached our team all the same`
          : "the mail server is slow to answer; we will keep trying";
    return success([CONSULTATION_SUCCESS_MESSAGE], [confirmationEmailFailedMessage(reason)]);
  },
};

/**
 * POST /consultation: the request, every file stored privately, and both
 * emails, in one transaction; the confirmation's first delivery attempt is
 * awaited briefly, and a failed one never undoes the request.
 */
export function handleConsultationPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  return submitForm(request, context, services, consultationForm);
}

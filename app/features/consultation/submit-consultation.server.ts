import { and, eq, isNull } from "drizzle-orm";
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
  type ConsultationReceipt,
} from "#app/features/consultation/consultation-schema.ts";
import { confirmationMessageId, type ConsultationUnassignedParams } from "#app/features/consultation/consultation-emails.server.ts";
import { detectAllowedType } from "#app/features/forms/file-type.server.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import type { SuccessAnswer } from "#app/features/forms/form-answer.ts";
import { CONFIRMATIONS_PER_ADDRESS, submitForm, type FormSpec, type SaveContext } from "#app/features/forms/submission.server.ts";
import type { FormInput } from "#app/features/forms/read-form.server.ts";
import { dueTimeFor, readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { readVisitorTimeZone, responseDueText, VISITOR_TIME_ZONE_FIELD } from "#app/features/leads/response-due.ts";
import type { LeadFacts } from "#app/features/staff/teams/routing.ts";
import { holdsRole } from "#app/features/staff/roles.server.ts";
import { assignLead } from "#app/features/staff/teams/rotation.server.ts";
import { enqueueLeadWebhook } from "#app/features/staff/teams/team-webhooks.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultationAttachments, consultations, staffUsers } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { readSiteFacts } from "#app/features/site-facts/site-facts.server.ts";
import { consultationKeys } from "#app/platform/storage/storage.server.ts";

/** The request's fields, and the visitor's time zone when their browser sent a known one. */
type ConsultationPost = ConsultationInput & { visitorTimeZone: string | null };

/** What the visitor is told of a stored request: its reference, and its due time in their zone or the company's. */
type StoredRequest = { reference: string; dueAt: Date; zones: { visitor: string | null; company: string } };

type ConsultationFormSpec = FormSpec<ConsultationPost, StoredRequest, { receipt?: ConsultationReceipt }>;

const success = (messages: string[], warnings?: string[], stored?: StoredRequest): SuccessAnswer<{ receipt?: ConsultationReceipt }> => ({
  status: "success",
  messages,
  ...(warnings ? { warnings } : {}),
  ...(stored ? { receipt: { reference: stored.reference, due: responseDueText(stored.dueAt, new Date(), stored.zones) } } : {}),
});

const visitorTimeZoneOf = (form: FormInput) => readVisitorTimeZone(form.values[VISITOR_TIME_ZONE_FIELD]);

const consultationForm: Omit<ConsultationFormSpec, "save"> = {
  name: "consultation",
  read: {
    maxBytes: MAX_REQUEST_BYTES,
    encodings: ["multipart", "urlencoded"],
    fields: [...consultationFields, VISITOR_TIME_ZONE_FIELD],
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

  validate(form) {
    const { values } = form;
    const missing = findMissingFields(values);
    if (missing.length > 0) {
      return { ok: false, message: missingFieldsMessage(missing), fields: Object.fromEntries(missing.map((field) => [field, "Required"])) };
    }
    const parsed = consultationSchema.safeParse(values);
    if (parsed.success) return { ok: true, input: { ...parsed.data, visitorTimeZone: visitorTimeZoneOf(form) } };
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message, fields: { [String(issue.path[0])]: issue.message } };
  },

  botAnswer: () => success([CONSULTATION_SUCCESS_MESSAGE]),

  async findEarlier(db, idempotencyKey, form) {
    const [row] = await db
      .select({ reference: consultations.reference, dueAt: consultations.dueAt })
      .from(consultations)
      .where(eq(consultations.idempotencyKey, idempotencyKey))
      .limit(1);
    if (!row) return null;
    const { timeZone } = await readBusinessHours(db);
    return success([CONSULTATION_SUCCESS_MESSAGE], undefined, { ...row, zones: { visitor: visitorTimeZoneOf(form), company: timeZone } });
  },

  fileKey: (submittedAt, shift, files, index) =>
    consultationKeys(
      submittedAt.getTime() + shift,
      files.map((file) => file.name),
    )[index]!,

  answer(stored, confirmation) {
    if (confirmation?.status === "sent") return success([CONFIRMATION_EMAIL_SENT_MESSAGE, CONSULTATION_SUCCESS_MESSAGE], undefined, stored);
    const reason =
      confirmation?.status === "failed"
        ? confirmation.error
        : confirmation?.status === "limited"
          ? `this address has already received ${CONFIRMATIONS_PER_ADDRESS.limit} confirmation emails from us today; your request reached our team all the same`
          : "the mail server is slow to answer; we will keep trying";
    return success([CONSULTATION_SUCCESS_MESSAGE], [confirmationEmailFailedMessage(reason)], stored);
  },
};

/**
 * The request, its files, its owner (routing rules, then the team's rotation)
 * and its emails: to the sales inbox and the owner, or, when nobody in the
 * team is available, to every active admin; the team's webhook post; then
 * the visitor's confirmation, with the reference the database drew and the
 * due time, answered by the owner. All in the request's transaction, so each
 * is written exactly once, with the request.
 */
async function saveConsultation({
  tx,
  input,
  files,
  idempotencyKey,
  submittedAt,
  attribution,
  services,
  confirm,
}: SaveContext<ConsultationPost>): Promise<StoredRequest> {
  // The form's page without its query: the rules match a solution area by path.
  const facts: LeadFacts = { country: input.country, pagePath: attribution?.formPage?.split("?")[0] ?? null, source: attribution?.source ?? null };
  const assignment = await assignLead(tx, facts);
  const due = await dueTimeFor(tx, submittedAt);
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
      dueAt: due.dueAt,
      idempotencyKey,
      attribution,
      ownerId: assignment?.owner?.id ?? null,
      teamId: assignment?.teamId ?? null,
    })
    .returning({ id: consultations.id, reference: consultations.reference });
  const { id: consultationId, reference } = row!;
  if (files.length > 0) {
    await tx.insert(consultationAttachments).values(
      files.map((file, position) => ({
        consultationId,
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
  const recordUrl = `${services.env.SITE_URL}/staff/consultations/${consultationId}`;
  const notification = {
    template: "consultation-notification",
    params: { ...params, reference, attachment_count: files.length, record_url: recordUrl, owner_name: assignment?.owner?.name ?? null },
    kind: "consultation",
    consultationId,
  } as const;
  await services.outbox.enqueue(tx, { ...notification, to: services.env.SALES_INBOX });
  if (assignment?.owner) await services.outbox.enqueue(tx, { ...notification, to: assignment.owner.email });
  else
    await alertAdmins(
      tx,
      services,
      {
        full_name: input.fullName,
        country: input.country,
        reference,
        team: assignment?.teamName ?? "none (there is no default team)",
        record_url: recordUrl,
      },
      consultationId,
    );
  await enqueueLeadWebhook(tx, assignment?.teamId ?? null, "lead.created", {
    id: consultationId,
    fullName: input.fullName,
    country: input.country,
    ownerName: assignment?.owner?.name ?? null,
    recordUrl,
  });
  const timeZone = input.visitorTimeZone ?? due.timeZone;
  // In the transaction: a read through the pool could wait on it (PGlite has one connection).
  const company = (await readSiteFacts(tx)).facts;
  await confirm({
    template: "consultation-confirmation",
    to: input.email,
    // A reply to the confirmation reaches whoever answers the lead.
    params: {
      ...params,
      reference,
      due_at: due.dueAt.toISOString(),
      time_zone: timeZone,
      reply_to: assignment?.owner?.email ?? services.env.SALES_INBOX,
      company_phone: company.phone.display,
    },
    kind: "consultation",
    consultationId,
    messageId: confirmationMessageId(consultationId, services.env.SITE_URL),
  });
  return { reference, dueAt: due.dueAt, zones: { visitor: input.visitorTimeZone, company: due.timeZone } };
}

/** Every active admin hears of a lead nobody could take. */
async function alertAdmins(tx: Database, services: Services, params: ConsultationUnassignedParams, consultationId: number) {
  const admins = await tx
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(holdsRole("admin"), isNull(staffUsers.deactivatedAt)));
  for (const admin of admins) {
    await services.outbox.enqueue(tx, { template: "consultation-unassigned", to: admin.email, params, kind: "consultation", consultationId });
  }
}

/**
 * POST /consultation: the request, every file stored privately, and both
 * emails, in one transaction; the confirmation's first delivery attempt is
 * awaited briefly, and a failed one never undoes the request.
 */
export function handleConsultationPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  return submitForm(request, context, services, { ...consultationForm, save: saveConsultation } satisfies ConsultationFormSpec);
}

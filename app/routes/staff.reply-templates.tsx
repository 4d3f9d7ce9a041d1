import { Form, Link } from "react-router";
import type { Route } from "./+types/staff.reply-templates";
import { Field } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { cardClass, InboxSection } from "#app/features/staff/inbox-ui.tsx";
import {
  checkTemplate,
  deleteReplyTemplate,
  listReplyTemplates,
  readSignature,
  saveReplyTemplate,
  saveSignature,
  type TemplateChange,
} from "#app/features/staff/replies/reply-templates.server.ts";
import {
  placeholderHelp,
  REPLY_BODY_MAX_BYTES,
  REPLY_SUBJECT_MAX_LENGTH,
  REPLY_TEMPLATE_NAME_MAX_LENGTH,
  SIGNATURE_MAX_LENGTH,
} from "#app/features/staff/replies/reply-rules.ts";
import { answerRejection, changeAnswer, formError, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { EditRemoveActions, FormNotice, PageHeading, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireStaff(context, request, "replyTemplates");
  const { db } = await servicesOf(context);
  const [templates, signature] = await Promise.all([listReplyTemplates(db), readSignature(db)]);
  // `?edit=` opens a template in the form: a link, so it works without JavaScript.
  const editing = templates.find((template) => template.id === parseRecordId(url.searchParams.get("edit") ?? undefined)) ?? null;
  return { templates, signature, editing };
}

const fields = ["intent", "id", "name", "subject", "body", "signature"];
const labels = { intent: "Action", id: "Template", name: "Name", subject: "Subject", body: "Message", signature: "Signature" };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "replyTemplates");
  const services = await servicesOf(context);
  const ipAddress = clientAddressOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-reply-templates",
      fields,
      labels,
      multiline: ["body", "signature"],
      maxBytes: REPLY_BODY_MAX_BYTES * 3 + 16 * 1024,
    });
    const id = values.id ? parseRecordId(values.id) : null;
    let change: TemplateChange;
    if (values.intent === "save") {
      const checked = checkTemplate(values);
      const typed = {
        name: values.name ?? "",
        subject: (values.subject ?? "").slice(0, 1_000),
        body: (values.body ?? "").slice(0, REPLY_BODY_MAX_BYTES + 1_000),
      };
      if (!checked.ok) return formError(400, checked.message, { [checked.field]: checked.message }, typed);
      change = await saveReplyTemplate(services.db, id, checked.template, user, ipAddress);
      if (!change.ok) return formError(change.status, change.message, change.field ? { [change.field]: change.message } : undefined, typed);
    } else if (values.intent === "delete" && id !== null) {
      change = await deleteReplyTemplate(services.db, id, user, ipAddress);
    } else if (values.intent === "signature") {
      change = await saveSignature(services.db, values.signature ?? "", user, ipAddress);
    } else {
      return unknownIntent();
    }
    return changeAnswer(change);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Reply templates");

const fieldError = (answer: FormAnswer | undefined, field: string) => (answer?.status === "error" ? answer.fields?.[field] : undefined);

export default function ReplyTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, signature, editing } = loaderData;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  return (
    <>
      <PageHeading title="Reply templates">
        The starting points sales choose from when they reply to a lead from its page. {placeholderHelp} They can change everything before sending.
      </PageHeading>
      <FormNotice answer={actionData} />
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <InboxSection id="templates" title="Templates">
            {templates.length === 0 ? (
              <p className="text-slate-700">No templates yet: replies start from a greeting and the signature.</p>
            ) : (
              <ul className="space-y-3">
                {templates.map((template) => (
                  <li key={template.id} className="rounded-lg border border-slate-300 bg-white p-4">
                    <h3 className="font-bold text-ink">{template.name}</h3>
                    <p className="mt-1 text-sm text-slate-700">Subject: {template.subject}</p>
                    <p className="mt-2 line-clamp-4 break-words whitespace-pre-wrap">{template.body}</p>
                    <EditRemoveActions id={template.id} form="template-form" name={template.name} className="mt-3" />
                  </li>
                ))}
              </ul>
            )}
          </InboxSection>
          <InboxSection id="template-form" title={editing ? `Edit “${editing.name}”` : "Add a template"} className={cardClass}>
            {/* Keyed by the template and the list, so a saved or another template starts the form again. */}
            <Form key={`${editing?.id ?? "new"}-${templates.length}`} method="post" className="space-y-4">
              <input type="hidden" name="intent" value="save" />
              {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
              <Field name="name" label="Name" required hint="Staff see it in the list of templates." error={fieldError(actionData, "name")}>
                {(props) => <input {...props} type="text" maxLength={REPLY_TEMPLATE_NAME_MAX_LENGTH} defaultValue={typed?.name ?? editing?.name ?? ""} />}
              </Field>
              <Field name="subject" label="Subject" required error={fieldError(actionData, "subject")}>
                {(props) => <input {...props} type="text" maxLength={REPLY_SUBJECT_MAX_LENGTH} defaultValue={typed?.subject ?? editing?.subject ?? ""} />}
              </Field>
              <Field
                name="body"
                label="Message"
                required
                hint={`Plain text, at most ${formatBytes(REPLY_BODY_MAX_BYTES)}. ${placeholderHelp}`}
                error={fieldError(actionData, "body")}
              >
                {(props) => (
                  <textarea
                    {...props}
                    rows={12}
                    defaultValue={typed?.body ?? editing?.body ?? "Dear {{name}},\n\n\n\nKind regards,\n{{sender}}\n\n{{signature}}"}
                  />
                )}
              </Field>
              <div className="flex flex-wrap items-center gap-4">
                <button type="submit" className={buttonClass}>
                  {editing ? "Save template" : "Add template"}
                </button>
                {editing ? (
                  <Link to="." className={`${linkClass} inline-block py-2`}>
                    Stop editing
                  </Link>
                ) : null}
              </div>
            </Form>
          </InboxSection>
        </div>
        <InboxSection id="signature" title="Signature" className={`${cardClass} self-start`}>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="signature" />
            <Field
              name="signature"
              label="The company's signature"
              hint="Put where a template says {{signature}}. Leave it empty for none."
              error={fieldError(actionData, "signature")}
            >
              {(props) => <textarea {...props} rows={5} maxLength={SIGNATURE_MAX_LENGTH} defaultValue={signature} />}
            </Field>
            <button type="submit" className={buttonClass}>
              Save signature
            </button>
          </Form>
        </InboxSection>
      </div>
    </>
  );
}

import { Form } from "react-router";
import type { Route } from "./+types/staff.stage-emails";
import { Field } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { stagePlaceholderHelp } from "#app/features/careers/stage-email-rules.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { cardClass } from "#app/features/staff/inbox-ui.tsx";
import { REPLY_BODY_MAX_BYTES, REPLY_SUBJECT_MAX_LENGTH } from "#app/features/staff/replies/reply-rules.ts";
import { hasRole } from "#app/features/staff/roles.ts";
import { answerRejection, changeAnswer, formError, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { readStageEmails, saveStageSending, saveStageTemplate, type SettingChange } from "#app/features/staff/stage-emails/stage-emails.server.ts";
import { buttonClass, FormNotice, PageHeading, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "stageEmails");
  const { db } = await servicesOf(context);
  return { stages: await readStageEmails(db), canEditTemplates: hasRole(user, "admin") };
}

const labels = { intent: "Action", stage: "Stage", sendsEmail: "Offer the email", subject: "Subject", body: "Message" };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "stageEmails");
  const services = await servicesOf(context);
  const ipAddress = clientAddressOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-stage-emails",
      fields: Object.keys(labels),
      labels,
      multiline: ["body"],
      maxBytes: REPLY_BODY_MAX_BYTES * 3 + 16 * 1024,
    });
    const stage = values.stage ?? "";
    let change: SettingChange;
    if (values.intent === "sending") {
      change = await saveStageSending(services.db, stage, values.sendsEmail === "yes", user, ipAddress);
    } else if (values.intent === "template") {
      if (!hasRole(user, "admin")) return formError(403, "Only an admin can change the templates' words; you can choose which stages send them.");
      change = await saveStageTemplate(services.db, stage, values, user, ipAddress);
      if (!change.ok) {
        const typed = { stage, subject: (values.subject ?? "").slice(0, 1_000), body: (values.body ?? "").slice(0, REPLY_BODY_MAX_BYTES + 1_000) };
        return formError(change.status, change.message, change.field ? { [change.field]: change.message } : undefined, typed);
      }
    } else {
      return unknownIntent();
    }
    return changeAnswer(change);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Stage emails");

const fieldError = (answer: FormAnswer | undefined, field: string) => (answer?.status === "error" ? answer.fields?.[field] : undefined);

export default function StageEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { stages, canEditTemplates } = loaderData;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  return (
    <>
      <PageHeading title="Stage emails">
        When a recruiter moves an application to a stage that offers its email, the move page shows the email filled in for the candidate, to edit or skip.{" "}
        {stagePlaceholderHelp} {canEditTemplates ? null : "Only an admin can change the words."}
      </PageHeading>
      <FormNotice answer={actionData} />
      <div className="space-y-8">
        {stages.map((setting) => {
          const stage = applicationStatusLabels[setting.stage];
          const mine = typed?.stage === setting.stage ? actionData : undefined;
          return (
            <section key={setting.stage} aria-labelledby={`stage-${setting.stage}-heading`} className={cardClass}>
              <h2 id={`stage-${setting.stage}-heading`} className="text-lg font-bold text-ink">
                {stage}
              </h2>
              <Form method="post" className="mt-3 flex flex-wrap items-center gap-4">
                <input type="hidden" name="intent" value="sending" />
                <input type="hidden" name="stage" value={setting.stage} />
                <label className="flex items-center gap-3 py-1">
                  <input type="checkbox" name="sendsEmail" value="yes" defaultChecked={setting.sendsEmail} className="size-5 accent-brand-700" />
                  Offer this email when an application moves to {stage}
                </label>
                <button type="submit" className={secondaryButtonClass}>
                  Save choice
                </button>
              </Form>
              {canEditTemplates ? (
                <Form key={`${setting.subject}-${setting.body}`} method="post" className="mt-4 space-y-4">
                  <input type="hidden" name="intent" value="template" />
                  <input type="hidden" name="stage" value={setting.stage} />
                  <Field name="subject" label={`${stage} email: subject`} required error={fieldError(mine, "subject")}>
                    {(props) => (
                      <input {...props} type="text" maxLength={REPLY_SUBJECT_MAX_LENGTH} defaultValue={(mine && typed?.subject) ?? setting.subject} />
                    )}
                  </Field>
                  <Field
                    name="body"
                    label={`${stage} email: message`}
                    required
                    hint={`Plain text, at most ${formatBytes(REPLY_BODY_MAX_BYTES)}.`}
                    error={fieldError(mine, "body")}
                  >
                    {(props) => <textarea {...props} rows={9} defaultValue={(mine && typed?.body) ?? setting.body} />}
                  </Field>
                  <button type="submit" className={buttonClass}>
                    Save the {stage} email
                  </button>
                </Form>
              ) : (
                <div className="mt-4 rounded-lg border border-slate-300 p-4">
                  <p className="font-semibold">Subject: {setting.subject}</p>
                  <p className="mt-2 break-words whitespace-pre-wrap">{setting.body}</p>
                </div>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

import { Form } from "react-router";
import { Field } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { buttonClass, inputClass, linkClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";

/*
 * The reply form of a lead's page: a template to start from (a GET form, so
 * choosing one works without JavaScript), then the subject and message to
 * change before sending. Data comes from replies.server.ts through
 * inbox-page.server.ts.
 */

export type ReplyFormData = {
  to: { name: string; email: string } | null;
  replyTo: string;
  templates: { id: number; name: string }[];
  chosen: number | null;
  draft: { subject: string; body: string };
  idempotencyKey: string;
  subjectMaxLength: number;
  bodyMaxBytes: number;
};

const fieldError = (answer: FormAnswer | undefined, field: string) => (answer?.status === "error" ? answer.fields?.[field] : undefined);

/**
 * Keyed by the template and the history's length: another template, or a sent
 * reply, starts the form again from the new draft (and a fresh idempotency key).
 */
export function ReplyForm({ reply, answer, historyLength }: { reply: ReplyFormData; answer?: FormAnswer; historyLength: number }) {
  return (
    <div className="space-y-5">
      {reply.templates.length > 1 ? <TemplateChooser reply={reply} /> : null}
      <ReplyFields key={`${reply.chosen}-${historyLength}`} reply={reply} answer={answer} />
    </div>
  );
}

function TemplateChooser({ reply }: { reply: ReplyFormData }) {
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 grow">
        <label htmlFor="reply-template" className="mb-1.5 block text-sm font-semibold">
          Start from the template
        </label>
        <select id="reply-template" name="template" defaultValue={reply.chosen ?? undefined} className={inputClass}>
          {reply.templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={secondaryButtonClass}>
        Use this template
      </button>
    </Form>
  );
}

function ReplyFields({ reply, answer }: { reply: ReplyFormData; answer?: FormAnswer }) {
  const typed = answer?.status === "error" ? answer.values : undefined;
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="reply" />
      <IdempotencyKeyField serverValue={reply.idempotencyKey} renewOn={answer} />
      {reply.to ? (
        <p className="text-sm text-slate-700">
          To <strong className="text-ink">{reply.to.name}</strong>{" "}
          <a href={`mailto:${reply.to.email}`} className={`${linkClass} break-all`}>
            {reply.to.email}
          </a>
          . Their answer comes to you at <span className="break-all">{reply.replyTo}</span>.
        </p>
      ) : null}
      <Field name="subject" label="Subject" required error={fieldError(answer, "subject")}>
        {(props) => <input {...props} type="text" maxLength={reply.subjectMaxLength} defaultValue={typed?.subject ?? reply.draft.subject} />}
      </Field>
      <Field
        name="body"
        label="Message"
        required
        hint={`Plain text, at most ${formatBytes(reply.bodyMaxBytes)}. It is sent as you see it.`}
        error={fieldError(answer, "body")}
      >
        {(props) => <textarea {...props} rows={12} defaultValue={typed?.body ?? reply.draft.body} />}
      </Field>
      <button type="submit" className={buttonClass}>
        Send reply
      </button>
    </Form>
  );
}

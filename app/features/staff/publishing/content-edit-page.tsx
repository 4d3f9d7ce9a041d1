import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { IntentButton, RecordPageHeader, linkClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";
import { ScheduleForm } from "#app/features/staff/publishing/schedule-form.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";

/** A status change the page offers now, as one button of its own form. */
type PublishingAction = { intent: string; label: string };

/** Whether the item may be deleted now: the warning beside the button, or why not. */
type Deletion = { summary: string; warning: string } | { refusal: string };

type Scheduled = { publishAt: Date; byName: string | null };

/** When the item is to be published by itself and a way to cancel it, or the form to choose that time. */
function PublishAt({
  scheduled,
  done,
  label,
  result,
  answer,
}: {
  scheduled: Scheduled | null;
  /** What happens then, after "Scheduled:". */
  done: string;
  label: string;
  result: string;
  /** A refused schedule, whose sentence goes beside its field. */
  answer: FormAnswer | undefined;
}) {
  if (scheduled)
    return (
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p>
          <strong>Scheduled:</strong> {done} on <LocalTime value={scheduled.publishAt} />
          {scheduled.byName ? ` (scheduled by ${scheduled.byName})` : ""}.
        </p>
        <IntentButton intent="cancel-schedule" label="Cancel the schedule" />
      </div>
    );
  return (
    <div className="mt-4">
      <ScheduleForm
        intent="schedule-changes"
        label={label}
        result={result}
        value={answer?.status === "error" ? (answer.values?.publishAt ?? "") : ""}
        error={answer?.status === "error" ? answer.fields?.publishAt : undefined}
      />
    </div>
  );
}

/**
 * The edit page of a published item (a job, an insight): the way back to its
 * list, its title and status line, the answer of the last post, the
 * publishing section (preview, history, public page, status buttons, the
 * changes waiting to be published, deletion), and
 * under "Content" the item's own form.
 */
export function ContentEditPage({
  back,
  title,
  status,
  created,
  answer,
  basePath,
  id,
  pending,
  scheduled = null,
  draftSchedulable = false,
  publicPath,
  actions,
  schedule,
  deletion,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** The line under the title: the status and its dates. */
  status: ReactNode;
  /** Just made by the new-item page: say what comes next. */
  created: boolean;
  answer: FormAnswer | undefined;
  /** The item's pages: `${basePath}/${id}`, with its preview and history under it. */
  basePath: string;
  id: number;
  /** The labels of the saved fields visitors do not see yet. */
  pending: string[];
  /** When the item (a draft) or its changes are to be published by themselves, and who said so. */
  scheduled?: Scheduled | null;
  /** A draft the core publishes at a time: the page offers "Publish at". */
  draftSchedulable?: boolean;
  /** Where visitors read it, while they can. */
  publicPath: string | null;
  actions: PublishingAction[];
  /** Under the status buttons: an insight's schedule form. */
  schedule?: ReactNode;
  /** Left out for an item that is never deleted here (a page of the site). */
  deletion?: Deletion;
  /** The item's content form. */
  children: ReactNode;
}) {
  // A refused schedule keeps its sentence beside its own field.
  const scheduleAnswer = answer?.status === "error" && answer.fields?.publishAt ? answer : undefined;
  return (
    <>
      <RecordPageHeader back={back} title={title} done={created ? "The draft is saved. Preview it, then publish it when it is ready." : null} answer={answer}>
        {status}
      </RecordPageHeader>
      <section aria-labelledby="publishing-heading" className="mb-8 rounded-xl border border-slate-300 bg-white p-5">
        <h2 id="publishing-heading" className="mb-3 text-lg font-bold">
          Publishing
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`${basePath}/${id}/preview`} className={secondaryButtonClass}>
            Preview
          </Link>
          <Link to={`${basePath}/${id}/history`} className={linkClass}>
            History
          </Link>
          {publicPath ? (
            <a href={publicPath} className={linkClass}>
              Public page
            </a>
          ) : null}
          {actions.map((action) => (
            <IntentButton key={action.label} {...action} />
          ))}
        </div>
        {pending.length > 0 ? (
          <div role="note" className="mt-5 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-950">
            <p>
              <strong>Changes not published yet:</strong> {pending.join(", ")}. Visitors see the published version; the form and the preview show the changes.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <IntentButton intent="publish-changes" label="Publish changes" />
              <IntentButton intent="discard-changes" label="Discard changes" />
            </div>
            <PublishAt
              scheduled={scheduled}
              done="published by themselves"
              label="Publish the changes at"
              result="They are published by themselves then, with any draft saved meanwhile."
              answer={scheduleAnswer}
            />
          </div>
        ) : null}
        {draftSchedulable ? (
          <PublishAt
            scheduled={scheduled}
            done="published by itself"
            label="Publish at"
            result="It is published by itself then, as it is saved at that time."
            answer={scheduleAnswer}
          />
        ) : null}
        {schedule ? <div className="mt-5">{schedule}</div> : null}
        {!deletion ? null : "refusal" in deletion ? (
          <p className="mt-4 text-sm text-slate-700">{deletion.refusal}</p>
        ) : (
          <details className="mt-4">
            <summary className="cursor-pointer py-2 text-sm font-semibold text-red-800">{deletion.summary}</summary>
            <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="delete" />
              <p className="text-sm text-slate-700">{deletion.warning}</p>
              <button type="submit" className={secondaryButtonClass}>
                Delete “{title}”
              </button>
            </Form>
          </details>
        )}
      </section>
      <h2 className="mb-3 text-lg font-bold">Content</h2>
      {children}
    </>
  );
}

/**
 * The note above a preview: the item's status, whether visitors see the page
 * as drawn (or will once it, or its changes, are published), and the way back
 * to editing.
 */
export function PreviewNote({
  statusLabel,
  page,
  visible,
  pending,
  editPath,
  children,
}: {
  statusLabel: string;
  /** What is previewed: "the public job page". */
  page: string;
  /** Visitors can see the item now. */
  visible: boolean;
  /** It has saved changes visitors do not see yet. */
  pending: boolean;
  editPath: string;
  /** A sentence more about this preview. */
  children?: ReactNode;
}) {
  return (
    <div role="note" className="mb-6 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">
        Preview ({statusLabel}): this is how {page} {pending ? "will look once the changes are published" : visible ? "looks" : "will look once published"}.
        {children ? <> {children}</> : null}
      </p>
      <p className="mt-2">
        <Link to={editPath} className={linkClass}>
          Back to editing
        </Link>
      </p>
    </div>
  );
}

import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { RecordPageHeader, linkClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";

/** A status change the page offers now, as one button of its own form. */
type PublishingAction = { intent: string; label: string };

/** Whether the item may be deleted now: the warning beside the button, or why not. */
type Deletion = { summary: string; warning: string } | { refusal: string };

/**
 * The edit page of a published item (a job, an insight): the way back to its
 * list, its title and status line, the answer of the last post, the
 * publishing section (preview, public page, status buttons, deletion), and
 * under "Content" the item's own form.
 */
export function ContentEditPage({
  back,
  title,
  status,
  created,
  answer,
  previewPath,
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
  previewPath: string;
  /** Where visitors read it, while they can. */
  publicPath: string | null;
  actions: PublishingAction[];
  /** Under the status buttons: an insight's schedule form. */
  schedule?: ReactNode;
  deletion: Deletion;
  /** The item's content form. */
  children: ReactNode;
}) {
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
          <Link to={previewPath} className={secondaryButtonClass}>
            Preview
          </Link>
          {publicPath ? (
            <a href={publicPath} className={linkClass}>
              Public page
            </a>
          ) : null}
          {actions.map((action) => (
            <Form method="post" key={action.label}>
              <input type="hidden" name="intent" value={action.intent} />
              <button type="submit" className={secondaryButtonClass}>
                {action.label}
              </button>
            </Form>
          ))}
        </div>
        {schedule ? <div className="mt-5">{schedule}</div> : null}
        {"refusal" in deletion ? (
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

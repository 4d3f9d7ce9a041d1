import type { ReactNode } from "react";
import { inputClass } from "#app/features/forms/field.tsx";

export { inputClass };

export const panelButtonClass =
  "inline-flex min-h-9 items-center justify-center rounded-md border border-slate-500 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-100 disabled:opacity-60";

/**
 * The small form under the toolbar (a link, an image). It is not a <form>:
 * it sits inside the page's form, so Enter and Escape are handled by the
 * caller, and its error is announced where it appears.
 */
export function ToolPanel({
  id,
  title,
  error,
  errorId,
  actions,
  children,
}: {
  id: string;
  title: string;
  error: string;
  errorId: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div id={id} role="group" aria-label={title} className="mt-2 grid gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3">
      {children}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}

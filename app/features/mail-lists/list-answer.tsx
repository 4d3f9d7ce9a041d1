import type { FormAnswer } from "#app/features/forms/form-answer.ts";

/**
 * A mailing-list form's answer next to it (the newsletter's, a job alert's):
 * a problem in an alert region the fields point to, a success as a status.
 */
export function ListAnswer({ messageId, answer }: { messageId: string; answer: FormAnswer | undefined }) {
  return (
    <>
      <div id={messageId} role="alert" className="empty:hidden">
        {answer?.status === "error" ? <p className="rounded-md bg-red-100 px-3 py-2 text-sm font-semibold text-red-900">{answer.message}</p> : null}
      </div>
      <div role="status" className="empty:hidden">
        {answer?.status === "success" ? (
          <div className="rounded-md bg-emerald-100 px-3 py-2 text-sm text-emerald-900">
            {answer.messages.map((text, index) => (
              <p key={text} className={index === 0 ? "font-semibold" : "mt-1"}>
                {text}
              </p>
            ))}
          </div>
        ) : null}
      </div>
    </>
  );
}

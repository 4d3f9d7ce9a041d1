import type { QuestionAnswer } from "#app/features/careers/job-questions.ts";
import { cardClass } from "#app/features/staff/inbox-ui.tsx";
import { linkClass } from "#app/features/staff/staff-ui.tsx";

/** The mark beside an application a knockout answer flagged; the candidate never sees it. */
export function UnmetRequirementsMark() {
  return <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900">Does not meet requirements</span>;
}

/** A link answer is a link only when it is a web address; anything else stays text. */
function webLink(answer: QuestionAnswer): string | null {
  if (answer.type !== "link" || !URL.canParse(answer.answer)) return null;
  const { protocol } = new URL(answer.answer);
  return protocol === "https:" || protocol === "http:" ? answer.answer : null;
}

/**
 * The answers to the job's questions, with each question's words as the
 * candidate saw them; a knockout answer is named as such. Text, never HTML.
 */
export function ApplicationAnswers({ answers, meetsRequirements }: { answers: readonly QuestionAnswer[]; meetsRequirements: boolean }) {
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="answers-heading" className={cardClass} data-testid="application-answers">
      <h2 id="answers-heading" className="mb-2 text-lg font-bold">
        Answers to the job&rsquo;s questions
      </h2>
      {meetsRequirements ? null : (
        <p className="mb-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Does not meet requirements:</strong> an answer below is a knockout answer. The candidate was not told.
        </p>
      )}
      <dl className="divide-y divide-slate-200">
        {answers.map((entry, index) => {
          const link = webLink(entry);
          return (
            <div key={index} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="font-semibold text-slate-700">{entry.question}</dt>
              <dd className="min-w-0 break-words whitespace-pre-wrap">
                {link ? (
                  <a href={link} rel="noopener noreferrer" target="_blank" className={linkClass}>
                    {link} <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  entry.answer || "—"
                )}
                {entry.knockout ? <span className="ml-2 text-sm font-semibold text-amber-900">(knockout answer)</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

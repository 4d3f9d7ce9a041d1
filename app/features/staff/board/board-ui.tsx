import { useState, type DragEvent, type KeyboardEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import { UnmetRequirementsMark } from "#app/features/staff/application-answers.tsx";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { LocalDate } from "#app/features/staff/staff-time.tsx";
import { buttonClass, inputClass, linkClass } from "#app/features/staff/staff-ui.tsx";
import type { ApplicationStatus } from "#app/platform/db/schema.server.ts";

/*
 * The pipeline board: a column a stage, a card an application. Without
 * JavaScript the cards are ticked and moved with the "Move selected to" form,
 * a GET to the move page that asks about the stage's email. With it, a card
 * can also be dragged to a column, or picked up with its Move button and
 * carried with the arrow keys; both open the same move page.
 */

export type BoardCardView = {
  id: number;
  fullName: string;
  reference: string;
  appliedAt: string;
  source: string | null;
  meetsRequirements: boolean;
  daysInStage: number;
};

/** The stages in the order of the hiring process (the labels' order). */
const stages = Object.keys(applicationStatusLabels) as ApplicationStatus[];

type Column = { stage: ApplicationStatus; cards: BoardCardView[] };

/** The move page for these applications (each as "id:stage seen") and stage, keeping the board's filters for the way back. */
export function boardMoveHref(jobId: number, to: ApplicationStatus, applications: string[], filters: string): string {
  const query = new URLSearchParams([["to", to], ...applications.map((value) => ["application", value] as [string, string])]);
  if (filters) query.set("board", filters);
  return `/staff/jobs/${jobId}/board/move?${query}`;
}

const daysText = (days: number) => (days === 0 ? "Under a day in stage" : days === 1 ? "1 day in stage" : `${days} days in stage`);

type Carried = { id: number; fullName: string; from: ApplicationStatus; over: ApplicationStatus };

export function PipelineBoard({ jobId, columns, filters }: { jobId: number; columns: Column[]; filters: string }) {
  const enhanced = useHydrated();
  const navigate = useNavigate();
  const [carried, setCarried] = useState<Carried | null>(null);
  const [dropTarget, setDropTarget] = useState<ApplicationStatus | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const open = (id: number, from: ApplicationStatus, to: ApplicationStatus) => {
    setCarried(null);
    setDropTarget(null);
    if (from === to) return;
    void navigate(boardMoveHref(jobId, to, [`${id}:${from}`], filters));
  };

  const onMoveKey = (event: KeyboardEvent<HTMLButtonElement>, card: BoardCardView, from: ApplicationStatus) => {
    if (!carried || carried.id !== card.id) return;
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      const index = Math.min(stages.length - 1, Math.max(0, stages.indexOf(carried.over) + step));
      const over = stages[index]!;
      setCarried({ ...carried, over });
      setAnnouncement(`${applicationStatusLabels[over]}${over === from ? " (where it is now)" : ""}. Enter to move there, Escape to cancel.`);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setCarried(null);
      setAnnouncement(`${card.fullName} stays in ${applicationStatusLabels[from]}.`);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (carried.over === from) {
        setCarried(null);
        setAnnouncement(`${card.fullName} stays in ${applicationStatusLabels[from]}.`);
      } else open(card.id, from, carried.over);
    }
  };

  const pickUp = (card: BoardCardView, from: ApplicationStatus) => {
    if (carried?.id === card.id) return;
    setCarried({ id: card.id, fullName: card.fullName, from, over: from });
    setAnnouncement(
      `${card.fullName} picked up from ${applicationStatusLabels[from]}. Use the arrow keys to choose a stage, Enter to move there, Escape to cancel.`,
    );
  };

  const onDrop = (event: DragEvent<HTMLElement>, stage: ApplicationStatus) => {
    const [id, from] = event.dataTransfer.getData("text/plain").split(":");
    if (!id || !from) return;
    event.preventDefault();
    open(Number(id), from as ApplicationStatus, stage);
  };

  return (
    <Form method="get" action={`/staff/jobs/${jobId}/board/move`}>
      {filters ? <input type="hidden" name="board" value={filters} /> : null}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="board-move-to" className="mb-1.5 block text-sm font-semibold">
            Move selected to
          </label>
          <select id="board-move-to" name="to" className={inputClass}>
            {stages.map((stage) => (
              <option key={stage} value={stage}>
                {applicationStatusLabels[stage]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass}>
          Move selected
        </button>
      </div>
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      {/* The columns scroll sideways on a narrow screen; tabbing through the cards scrolls them into view. */}
      <div role="region" aria-label="Stages" className="-mx-1 flex gap-4 overflow-x-auto px-1 pb-4">
        {columns.map(({ stage, cards }) => {
          const headingId = `stage-${stage}`;
          const target = (carried && carried.over === stage && carried.from !== stage) || dropTarget === stage;
          return (
            <section
              key={stage}
              aria-labelledby={headingId}
              data-stage={stage}
              className={`w-72 shrink-0 rounded-xl border-2 bg-slate-50 p-3 ${target ? "border-brand-700" : "border-slate-300"}`}
              onDragOver={
                enhanced
                  ? (event) => {
                      event.preventDefault();
                      if (dropTarget !== stage) setDropTarget(stage);
                    }
                  : undefined
              }
              onDragLeave={enhanced ? () => setDropTarget((current) => (current === stage ? null : current)) : undefined}
              onDrop={enhanced ? (event) => onDrop(event, stage) : undefined}
            >
              <h2 id={headingId} className="mb-3 text-base font-bold text-ink">
                {applicationStatusLabels[stage]} <span className="font-normal text-slate-700">({cards.length})</span>
              </h2>
              {cards.length === 0 ? (
                <p className="text-sm text-slate-700">None</p>
              ) : (
                <ul className="space-y-2">
                  {cards.map((card) => (
                    <li
                      key={card.id}
                      draggable={enhanced}
                      onDragStart={(event) => {
                        event.dataTransfer.setData("text/plain", `${card.id}:${stage}`);
                        event.dataTransfer.effectAllowed = "move";
                      }}
                      onDragEnd={() => setDropTarget(null)}
                      className={`relative rounded-lg border bg-white p-3 text-sm ${carried?.id === card.id ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-300"}`}
                      // Positioned, so its visually hidden labels stay inside the scrolling columns and do not widen the page.
                      data-testid="board-card"
                    >
                      <div className="flex items-start gap-2">
                        <input
                          type="checkbox"
                          name="application"
                          value={`${card.id}:${stage}`}
                          id={`card-${card.id}`}
                          className="mt-1 size-5 shrink-0 accent-brand-700"
                        />
                        <label htmlFor={`card-${card.id}`} className="sr-only">
                          Select {card.fullName}
                        </label>
                        <div className="min-w-0">
                          <Link to={`/staff/applications/${card.id}`} className={`${linkClass} break-words`}>
                            {card.fullName}
                          </Link>
                          {card.meetsRequirements ? null : <UnmetRequirementsMark />}
                          <p className="text-slate-700">
                            Applied <LocalDate value={card.appliedAt} />
                          </p>
                          <p className="break-all text-slate-700">Source: {card.source ?? NO_SOURCE_LABEL}</p>
                          <p className="text-slate-700">{daysText(card.daysInStage)}</p>
                        </div>
                      </div>
                      {enhanced ? (
                        <button
                          type="button"
                          aria-pressed={carried?.id === card.id}
                          onClick={() => pickUp(card, stage)}
                          onKeyDown={(event) => onMoveKey(event, card, stage)}
                          onBlur={() => setCarried((current) => (current?.id === card.id ? null : current))}
                          className="mt-2 rounded border border-slate-500 px-2 py-1 text-sm font-semibold text-ink"
                        >
                          Move<span className="sr-only"> {card.fullName}</span>
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </Form>
  );
}

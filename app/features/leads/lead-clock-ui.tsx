import type { LeadClock } from "#app/features/leads/lead-clock.ts";

/**
 * A lead's clock in words. Overdue reads "overdue by …" in bold behind a
 * warning sign, so it stands out without its colour; the sign is hidden from
 * screen readers, which read the words.
 */
export function LeadClockText({ clock }: { clock: LeadClock }) {
  if (clock.state === "overdue") {
    return (
      <strong className="font-bold text-red-800">
        <span aria-hidden="true">⚠ </span>
        {clock.text}
      </strong>
    );
  }
  return <span className={clock.state === "answered" || clock.state === "closed" ? "text-slate-700" : undefined}>{clock.text}</span>;
}

import type { Period } from "#app/features/staff/figures/period.ts";

/* The lead figures' shape (decision 043), read by figures.server.ts and drawn by the page, the chart and the CSV. */

export type Dimension = "source" | "medium" | "campaign" | "landing" | "country";
export const dimensions: readonly Dimension[] = ["source", "medium", "campaign", "landing", "country"];

export type DayFigures = { date: string; leads: number; judged: number; inPromise: number };
export type CountFigures = { value: string | null; leads: number };
export type OutcomeFigures = { source: string | null; leads: number; qualified: number; won: number };
export type ResponseFigures = {
  /** Null for the overall row and for leads without an owner (see `overall`). */
  ownerId: string | null;
  ownerName: string | null;
  overall: boolean;
  leads: number;
  answered: number;
  /** Answered before the business minutes were kept: left out of the times. */
  unmeasured: number;
  waitingOverdue: number;
  waitingNotDue: number;
  inPromise: number;
  /** Answered with minutes, plus waiting and overdue: the share's denominator. */
  judged: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
};

export type Figures = {
  period: Period;
  timeZone: string;
  promiseMinutes: number;
  days: DayFigures[];
  counts: Record<Dimension, CountFigures[]>;
  outcomes: OutcomeFigures[];
  response: ResponseFigures[];
};

/** The share within the promise as a fraction, or null when no lead was judged. */
export function shareInPromise(row: { judged: number; inPromise: number }): number | null {
  return row.judged === 0 ? null : row.inPromise / row.judged;
}

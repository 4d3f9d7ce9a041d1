import type { CaseStudyStatus } from "#app/platform/db/schema.server.ts";

/*
 * A case study's life: written as a draft, published (its page and cards are
 * public), unpublished (hidden again, kept for the record) and published
 * again. A draft or an unpublished study may be deleted. The database keeps
 * the same list of statuses (case_studies_status_check).
 */

export const CASE_STUDY_STATUSES = ["draft", "published", "unpublished"] as const satisfies readonly CaseStudyStatus[];
export type { CaseStudyStatus };

export const caseStudyStatusLabels: Record<CaseStudyStatus, string> = { draft: "Draft", published: "Published", unpublished: "Unpublished" };

export const CASE_STUDY_ACTIONS = ["publish", "unpublish", "delete"] as const;
export type CaseStudyAction = (typeof CASE_STUDY_ACTIONS)[number];

/** What may be done to a study in `status` now: the status it moves to, or why not. */
export function caseStudyTransition(
  status: CaseStudyStatus,
  action: CaseStudyAction,
): { ok: true; to: CaseStudyStatus | "deleted" } | { ok: false; message: string } {
  if (action === "publish") return status === "published" ? { ok: false, message: "This case study is already published." } : { ok: true, to: "published" };
  if (action === "unpublish")
    return status === "published" ? { ok: true, to: "unpublished" } : { ok: false, message: "Only a published case study can be unpublished." };
  return status === "published" ? { ok: false, message: "Unpublish the case study before deleting it." } : { ok: true, to: "deleted" };
}

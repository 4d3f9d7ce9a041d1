/*
 * An insight's life: a draft is written, published now or scheduled for
 * later, and may be unpublished back to a draft; only a draft may be deleted.
 * A published insight whose date is still ahead is scheduled: visitors see it
 * from that moment on, by the clock alone.
 */

export const INSIGHT_STATUSES = ["draft", "scheduled", "published"] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

export const insightStatusLabels: Record<InsightStatus, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

export type InsightAction = "publish" | "schedule" | "unpublish" | "delete";

export type InsightFacts = { status: string; publishedDate: Date | null };

/** The status visitors' pages follow: a published row with a date ahead is scheduled. */
export function effectiveInsightStatus(insight: InsightFacts, now: Date = new Date()): InsightStatus {
  if (insight.status !== "published") return "draft";
  return insight.publishedDate !== null && insight.publishedDate.getTime() > now.getTime() ? "scheduled" : "published";
}

export type InsightMove = { ok: true; to: "published" | "draft"; publishedDate: Date | null } | { ok: true; to: "deleted" } | { ok: false; message: string };

/**
 * What may be done to the insight now, and the publishing date it then has.
 * The date is set on the first publication and kept through an unpublish and
 * a new publish, so the article keeps its place; a schedule sets it.
 */
export function insightTransition(insight: InsightFacts, action: InsightAction, publishAt: Date | null = null, now: Date = new Date()): InsightMove {
  const status = effectiveInsightStatus(insight, now);
  switch (action) {
    case "publish": {
      if (status === "published") return { ok: false, message: "This insight is already published." };
      const earlier = insight.publishedDate !== null && insight.publishedDate.getTime() <= now.getTime() ? insight.publishedDate : null;
      return { ok: true, to: "published", publishedDate: earlier ?? now };
    }
    case "schedule":
      if (status === "published") return { ok: false, message: "This insight is already published. Unpublish it first to schedule it again." };
      if (!publishAt) return { ok: false, message: "Choose the date and time to publish at." };
      // A time already past publishes now, as an editor scheduling "for 9:00" at 9:01 means.
      return { ok: true, to: "published", publishedDate: publishAt.getTime() <= now.getTime() ? now : publishAt };
    case "unpublish":
      if (status === "draft") return { ok: false, message: "This insight is a draft already: nobody outside the staff area sees it." };
      // A scheduled insight never appeared: as a draft it has no publishing date yet.
      return { ok: true, to: "draft", publishedDate: status === "scheduled" ? null : insight.publishedDate };
    case "delete":
      if (status !== "draft") return { ok: false, message: "Only a draft can be deleted. Unpublish the insight first." };
      return { ok: true, to: "deleted" };
  }
}

import { expect, test } from "vitest";
import { effectiveInsightStatus, insightTransition } from "#app/features/staff/insights/insight-status.ts";

const now = new Date("2026-11-23T12:00:00Z");
const earlier = new Date("2026-10-01T08:00:00Z");
const later = new Date("2026-11-24T09:00:00Z");

test("a published insight dated ahead is scheduled; anything not published is a draft", () => {
  expect(effectiveInsightStatus({ status: "published", publishedDate: null }, now)).toBe("published");
  expect(effectiveInsightStatus({ status: "published", publishedDate: earlier }, now)).toBe("published");
  expect(effectiveInsightStatus({ status: "published", publishedDate: later }, now)).toBe("scheduled");
  expect(effectiveInsightStatus({ status: "draft", publishedDate: earlier }, now)).toBe("draft");
});

test("the publishing date is set on the first publication, kept through unpublishing, and set by a schedule", () => {
  const draft = { status: "draft", publishedDate: null };
  expect(insightTransition(draft, "publish", null, now)).toEqual({ ok: true, to: "published", publishedDate: now });
  // Published before, then unpublished: publishing again keeps its place.
  expect(insightTransition({ status: "draft", publishedDate: earlier }, "publish", null, now)).toEqual({ ok: true, to: "published", publishedDate: earlier });
  expect(insightTransition({ status: "published", publishedDate: earlier }, "unpublish", null, now)).toEqual({ ok: true, to: "draft", publishedDate: earlier });

  expect(insightTransition(draft, "schedule", later, now)).toEqual({ ok: true, to: "published", publishedDate: later });
  expect(insightTransition(draft, "schedule", earlier, now)).toEqual({ ok: true, to: "published", publishedDate: now });
  expect(insightTransition(draft, "schedule", null, now)).toMatchObject({ ok: false });
  const scheduled = { status: "published", publishedDate: later };
  // Publishing a scheduled insight now moves its date to now; cancelling the schedule leaves no date.
  expect(insightTransition(scheduled, "publish", null, now)).toEqual({ ok: true, to: "published", publishedDate: now });
  expect(insightTransition(scheduled, "unpublish", null, now)).toEqual({ ok: true, to: "draft", publishedDate: null });

  expect(insightTransition({ status: "published", publishedDate: earlier }, "publish", null, now)).toMatchObject({ ok: false });
  expect(insightTransition({ status: "published", publishedDate: earlier }, "delete", null, now)).toEqual({
    ok: false,
    message: "Only a draft can be deleted. Unpublish the insight first.",
  });
  expect(insightTransition(draft, "delete", null, now)).toEqual({ ok: true, to: "deleted" });
  expect(insightTransition(draft, "unpublish", null, now)).toMatchObject({ ok: false });
});

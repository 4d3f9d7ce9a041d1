import { expect, test } from "vitest";
import { contentKindAt } from "#app/features/staff/publishing/content-kinds.ts";

test("an address under a kind's folder names that kind, the nested editions folder included", () => {
  expect(contentKindAt("/staff/jobs")).toBe("jobs");
  expect(contentKindAt("/staff/case-studies/12/history")).toBe("case-studies");
  expect(contentKindAt("/staff/events/editions/3/preview")).toBe("events/editions");
});

test("an address under no kind is the staff area's 404, also when it starts like a kind's folder", () => {
  for (const pathname of ["/staff/no-such-page", "/staff/jobsite/1", "/staff/events/1"]) {
    expect(() => contentKindAt(pathname)).toThrow(expect.objectContaining({ data: "Not found", init: { status: 404 } }));
  }
});

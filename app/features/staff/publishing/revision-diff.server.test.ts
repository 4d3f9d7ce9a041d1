import { expect, test } from "vitest";
import { insightContent } from "#app/features/staff/insights/insights-admin.server.ts";
import { jobContent } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { compareRevisions, textOfHtml } from "#app/features/staff/publishing/revision-diff.server.ts";

const fields = [
  { key: "title", label: "Title", kind: "text" },
  { key: "tags", label: "Tags", kind: "list" },
  { key: "closesAt", label: "Applications close", kind: "time" },
  { key: "description", label: "Article", kind: "html" },
] as const;

test("rich HTML reads as its words, a line per block, a picture as its alt text, entities decoded", () => {
  expect(textOfHtml('<h2>Why &amp; how</h2><p>One<br>two</p><figure><img src="/media/x/800.webp" alt="A chart"><figcaption>Fig. 1</figcaption></figure>')).toBe(
    "Why & how\nOne\ntwo\n[Picture: A chart]Fig. 1",
  );
});

test("only the fields that differ are listed, in the type's order, word by word; a formatting-only change says so", () => {
  const before = { title: "Cloud costs", tags: ["Cloud"], closesAt: "2026-12-31T23:59:59.999Z", description: "<p>Spend less on the cloud.</p>" };
  const after = { title: "Cloud costs", tags: ["Cloud", "FinOps"], closesAt: null, description: "<p>Spend <strong>less</strong> on the cloud.</p>" };
  const differences = compareRevisions(fields, before, after, "Asia/Kolkata");
  expect(differences.map((difference) => difference.label)).toEqual(["Tags", "Applications close", "Article"]);
  expect(differences[0]!.parts).toEqual([
    { value: "Cloud", change: null },
    { value: ", FinOps", change: "added" },
  ]);
  // The reader's zone: the last moment of 31 December UTC is the morning of 1 January in Kolkata.
  expect(differences[1]!.parts).toEqual([{ value: "1 Jan 2027, 05:29", change: "removed" }]);
  expect(differences[2]).toMatchObject({ note: "Only the formatting or the links changed.", parts: [{ value: "Spend less on the cloud.", change: null }] });
  expect(compareRevisions(fields, before, before, "UTC")).toEqual([]);
});

test("a changed sentence shows the words taken out and put in", () => {
  const [difference] = compareRevisions(fields, { title: "Senior Data Engineer" }, { title: "Lead Data Engineer" }, "UTC");
  expect(difference!.parts).toEqual([
    { value: "Senior", change: "removed" },
    { value: "Lead", change: "added" },
    { value: " Data Engineer", change: null },
  ]);
});

test("the search-engine fields are compared under their labels; a revision from before they existed reads as empty and no change", () => {
  const before = { title: "Cloud costs", slug: "cloud-costs", excerpt: null, noindex: false };
  const after = { title: "Cloud costs", slug: "cloud-savings", excerpt: "Five quick wins.", metaTitle: "Cut your cloud bill", noindex: true };
  const differences = compareRevisions(insightContent.fields, before, after, "UTC");
  expect(differences.map((difference) => difference.label)).toEqual(["Excerpt", "Address", "Meta title", "Hidden from search engines"]);
  expect(differences.at(-1)!.parts).toEqual([
    { value: "No", change: "removed" },
    { value: "Yes", change: "added" },
  ]);
  // A revision saved before the fields existed lacks them: empty and "No" are what the later one holds, so nothing is listed.
  expect(compareRevisions(jobContent.fields, { title: "Data Engineer" }, { title: "Data Engineer", slug: null, noindex: false, metaTitle: "" }, "UTC")).toEqual(
    [],
  );
});

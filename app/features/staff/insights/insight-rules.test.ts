import { expect, test } from "vitest";
import { readInsightInput, tagsFrom } from "#app/features/staff/insights/insight-rules.ts";

test("an insight's fields are read, trimmed and limited, with a sentence per wrong field", () => {
  const read = readInsightInput({
    title: "  Zero-trust  in practice ",
    category: "",
    authorName: "Asha",
    authorBio: "Writes\nabout security.",
    tags: "Security, AI ,security,, ",
    readTime: "",
    description: "<p>Hi</p>",
  });
  expect(read).toEqual({
    ok: true,
    input: {
      title: "Zero-trust in practice",
      category: null,
      authorName: "Asha",
      authorBio: "Writes about security.",
      tags: ["Security", "AI"],
      readTime: null,
      description: "<p>Hi</p>",
      excerpt: null,
      seo: { slug: null, metaTitle: null, metaDescription: null, noindex: false },
    },
  });
  expect(readInsightInput({ title: "T", readTime: "7" })).toMatchObject({ ok: true, input: { readTime: 7 } });

  const wrong = readInsightInput({ title: " ", readTime: "0", tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(","), category: "x".repeat(61) });
  expect(wrong).toEqual({
    ok: false,
    errors: {
      title: "Enter the title.",
      category: "Keep the category to 60 characters.",
      tags: "Use at most 10 tags.",
      readTime: "Enter the read time in whole minutes from 1 to 120, or leave it empty to compute it from the text.",
    },
  });
  expect(readInsightInput({ title: "T", excerpt: " A short\nsummary. ", slug: "Zero-Trust" })).toMatchObject({
    ok: true,
    input: { excerpt: "A short summary.", seo: { slug: "zero-trust" } },
  });
  expect(readInsightInput({ title: "T", excerpt: "x".repeat(301) })).toMatchObject({ ok: false, errors: { excerpt: "Keep the excerpt to 300 characters." } });
  expect(readInsightInput({ title: "T", readTime: "2.5" })).toMatchObject({ ok: false, errors: { readTime: expect.any(String) } });
  expect(tagsFrom("a,A, b")).toEqual(["a", "b"]);
});

import { expect, test } from "vitest";
import { readSeoInput, SEO_LIMITS, seoTitle, shortDescription, slugFrom, slugProblem } from "#app/features/seo/seo-fields.ts";

test("an address is lowercase a-z, digits and single hyphens, of a sensible length", () => {
  for (const good of ["senior-data-engineer", "erp-2026", "a", "x".repeat(SEO_LIMITS.slug)]) expect(slugProblem(good), good).toBeNull();
  for (const bad of ["Senior", "data_engineer", "-lead", "lead-", "lead--data", "café", "a b", "a/b", "a.b", "x".repeat(SEO_LIMITS.slug + 1)]) {
    expect(slugProblem(bad), bad).not.toBeNull();
  }
  expect(slugProblem("x".repeat(SEO_LIMITS.slug + 1))).toBe(`Keep the address to ${SEO_LIMITS.slug} characters.`);
});

test("the site's own addresses and another type's spec routes are refused, and digits alone would read as a number", () => {
  for (const reserved of ["staff", "media", "registration", "careers", "featured-insights", "rss", "events", "portfolio", "new"]) {
    expect(slugProblem(reserved), reserved).toBe(`"${reserved}" is an address the site uses itself; choose another.`);
  }
  expect(slugProblem("2026")).toBe("An address of digits alone would read as an item's number; add a word.");
  expect(slugProblem("staff-picks")).toBeNull();
});

test("the form's section is read: the address lowercased, empty fields as none, a sentence per wrong field", () => {
  expect(readSeoInput({ slug: " Data-Engineer ", metaTitle: "  Join  us ", metaDescription: "", noindex: "on" })).toEqual({
    ok: true,
    input: { slug: "data-engineer", metaTitle: "Join us", metaDescription: null, noindex: true },
  });
  expect(readSeoInput({})).toEqual({ ok: true, input: { slug: null, metaTitle: null, metaDescription: null, noindex: false } });
  expect(readSeoInput({ removeSocialImage: "on" })).toMatchObject({ ok: true, input: { socialImage: null } });
  expect(readSeoInput({ slug: "media", metaTitle: "t".repeat(SEO_LIMITS.metaTitle + 1), metaDescription: "d".repeat(SEO_LIMITS.metaDescription + 1) })).toEqual(
    {
      ok: false,
      errors: {
        slug: '"media" is an address the site uses itself; choose another.',
        metaTitle: `Keep the meta title to ${SEO_LIMITS.metaTitle} characters.`,
        metaDescription: `Keep the meta description to ${SEO_LIMITS.metaDescription} characters.`,
      },
    },
  );
});

test("a title suggests an address; the overrides fall back to the item's own words", () => {
  expect(slugFrom("Senior Data Engineer (Pune) – Café")).toBe("senior-data-engineer-pune-cafe");
  expect(slugProblem(slugFrom(`${"Long title ".repeat(20)}`))).toBeNull();
  expect(seoTitle({ metaTitle: " " }, "Own title")).toBe("Own title");
  expect(seoTitle({ metaTitle: "Override" }, "Own title")).toBe("Override");
  expect(shortDescription("Short.")).toBe("Short.");
  expect(shortDescription(`${"word ".repeat(60)}`)).toHaveLength(155);
});

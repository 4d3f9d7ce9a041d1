import fc from "fast-check";
import { expect, test } from "vitest";
import { consultationKey, consultationKeys, FALLBACK_FILE_NAME, MAX_FILE_NAME_LENGTH, sanitizeFileName } from "#app/platform/storage/file-names.server.ts";

const anyName = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }));

test("spec §5 examples: other characters become _, whitespace and repeated underscores collapse", () => {
  expect(sanitizeFileName("Project Brief (final).pdf")).toBe("Project_Brief_final_.pdf");
  expect(sanitizeFileName("my   plan\t v2.docx")).toBe("my_plan_v2.docx");
  expect(sanitizeFileName("a__b___c.txt")).toBe("a_b_c.txt");
  expect(sanitizeFileName("budget-2025.xlsx")).toBe("budget-2025.xlsx");
  expect(sanitizeFileName("../../etc/passwd")).toBe(".._.._etc_passwd");
  expect(sanitizeFileName("résumé.pdf")).toBe("resume.pdf");
});

test("a name with no letter or digit left becomes the fallback name", () => {
  expect(sanitizeFileName("???")).toBe(FALLBACK_FILE_NAME);
  expect(sanitizeFileName("")).toBe(FALLBACK_FILE_NAME);
  expect(sanitizeFileName("  ")).toBe(FALLBACK_FILE_NAME);
  expect(sanitizeFileName("---")).toBe(FALLBACK_FILE_NAME);
  expect(sanitizeFileName("文件")).toBe(FALLBACK_FILE_NAME);
});

test("very long names are cut, keeping the extension", () => {
  const result = sanitizeFileName(`${"x".repeat(400)}.pdf`);
  expect(result).toHaveLength(MAX_FILE_NAME_LENGTH);
  expect(result.endsWith(".pdf")).toBe(true);
});

test("property: output only holds [A-Za-z0-9._-], never '__', is non-empty and bounded", () => {
  fc.assert(
    fc.property(anyName, (name) => {
      const result = sanitizeFileName(name);
      expect(result).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(result).not.toContain("__");
      expect(result.length).toBeGreaterThan(0);
      expect(result.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    }),
    { numRuns: 2_000 },
  );
});

test("property: sanitising is idempotent", () => {
  fc.assert(
    fc.property(anyName, (name) => {
      const once = sanitizeFileName(name);
      expect(sanitizeFileName(once)).toBe(once);
    }),
    { numRuns: 2_000 },
  );
});

test("property: names already made of allowed characters without '__' are kept as they are", () => {
  const allowed = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.-]{0,40}$/);
  fc.assert(
    fc.property(allowed, (name) => {
      expect(sanitizeFileName(name)).toBe(name);
    }),
  );
});

test("consultationKey follows consultation/{timestamp}_{sanitised name}", () => {
  expect(consultationKey(1735689600000, "My Brief.pdf")).toBe("consultation/1735689600000_My_Brief.pdf");
  expect(consultationKey(new Date(1735689600000), "x.png")).toBe("consultation/1735689600000_x.png");
});

test("files of one submission whose names sanitise alike get distinct keys", () => {
  expect(consultationKeys(1, ["a b.pdf", "a_b.pdf", "a b.pdf", "notes", "notes"])).toEqual([
    "consultation/1_a_b.pdf",
    "consultation/1_a_b-2.pdf",
    "consultation/1_a_b-3.pdf",
    "consultation/1_notes",
    "consultation/1_notes-2",
  ]);
});

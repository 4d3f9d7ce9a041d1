import { expect, test } from "vitest";
import { newReference } from "#app/features/forms/reference.server.ts";

test("references read as APP-{year}-{six characters without 0, O, 1, I or L}", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 500; i++) {
    const reference = newReference("APP", new Date("2026-05-01T00:00:00Z"));
    expect(reference).toMatch(/^APP-2026-[2-9A-HJKMNP-Z]{6}$/);
    seen.add(reference);
  }
  // 31^6 possibilities: 500 draws practically never repeat.
  expect(seen.size).toBeGreaterThan(495);
});

import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";
import { expect, test } from "vitest";
import { formatVital, metricRules, ratingOf } from "#app/features/vitals/vitals-rules.ts";
import { parseEnv } from "#app/platform/env.server.ts";

test("the thresholds are the ones web-vitals rates by", () => {
  const library = { LCP: LCPThresholds, INP: INPThresholds, CLS: CLSThresholds, FCP: FCPThresholds, TTFB: TTFBThresholds };
  for (const [metric, [good, poor]] of Object.entries(library)) {
    expect([metricRules[metric as keyof typeof library].good, metricRules[metric as keyof typeof library].poor], metric).toEqual([good, poor]);
  }
});

test("a value at a threshold still has the better rating", () => {
  expect(ratingOf("LCP", 2500)).toBe("good");
  expect(ratingOf("LCP", 2501)).toBe("needs-improvement");
  expect(ratingOf("LCP", 4000)).toBe("needs-improvement");
  expect(ratingOf("LCP", 4001)).toBe("poor");
  expect(ratingOf("CLS", 0.1)).toBe("good");
  expect(ratingOf("CLS", 0.26)).toBe("poor");
});

test("times are shown in whole milliseconds, CLS as a score without a unit", () => {
  expect(formatVital("LCP", 2532.4)).toBe("2,532 ms");
  expect(formatVital("CLS", 0.0512)).toBe("0.05");
});

test("VITALS_SAMPLE_RATE is 0.1 unless set, 0 to 1, and a bad value stops the start", () => {
  expect(parseEnv({}).VITALS_SAMPLE_RATE).toBe(0.1);
  expect(parseEnv({ VITALS_SAMPLE_RATE: " " }).VITALS_SAMPLE_RATE).toBe(0.1);
  expect(parseEnv({ VITALS_SAMPLE_RATE: "0" }).VITALS_SAMPLE_RATE).toBe(0);
  expect(parseEnv({ VITALS_SAMPLE_RATE: "1" }).VITALS_SAMPLE_RATE).toBe(1);
  for (const bad of ["1.5", "-0.1", "ten percent"]) expect(() => parseEnv({ VITALS_SAMPLE_RATE: bad }), bad).toThrow(/VITALS_SAMPLE_RATE/);
});

import { expect, test } from "vitest";
import { formatMoney } from "#app/features/money-format.ts";

test("each currency is written the way its own readers write it, in whole units", () => {
  expect(formatMoney(1_800_000, "INR")).toBe("₹18,00,000");
  expect(formatMoney(12_500_000, "INR")).toBe("₹1,25,00,000");
  expect(formatMoney(1_800_000, "USD")).toBe("$1,800,000");
  expect(formatMoney(1_800_000, "EUR")).toBe("€1,800,000");
  expect(formatMoney(1_800_000, "GBP")).toBe("£1,800,000");
  expect(formatMoney(95_000.4, "GBP")).toBe("£95,000");
});

test("dollars other than the US's say whose they are", () => {
  expect(formatMoney(150_000, "SGD")).toBe("SGD\u00a0150,000");
  expect(formatMoney(150_000, "AUD")).toBe("A$150,000");
  expect(formatMoney(150_000, "CAD")).toBe("CA$150,000");
});

import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { FiguresChart } from "#app/features/staff/figures/figures-chart.tsx";
import { presetPeriod, datesOf } from "#app/features/staff/figures/period.ts";

test("the chart draws one bar per day and the share as points, as one described image", () => {
  const days = [
    { date: "2026-11-23", leads: 3, judged: 3, inPromise: 2 },
    { date: "2026-11-24", leads: 2, judged: 2, inPromise: 1 },
    { date: "2026-11-25", leads: 0, judged: 0, inPromise: 0 },
    { date: "2026-11-26", leads: 8, judged: 4, inPromise: 4 },
  ];
  const svg = renderToStaticMarkup(<FiguresChart days={days} />);
  expect(svg.match(/<rect [^>]*data-bar=/g)).toHaveLength(4);
  // A day without a lead counted has no point on the share's line.
  expect(svg.match(/<circle /g)).toHaveLength(3);
  expect(svg).toContain('role="img"');
  expect(svg).toMatch(/<title id="[^"]+">Leads per day and the share answered within the promise<\/title>/);
  expect(svg).toContain("13 leads over 4 days, from Mon 23 Nov to Thu 26 Nov; the most on Thu 26 Nov, 8. Answered within the promise: 77.8%.");
  // The tallest bar reaches the axis' top (10 for 8 leads); an empty day's bar has no height.
  expect(svg).toContain('height="0"');
  expect(svg).not.toContain("<script");
});

test("90 days draw 90 bars", () => {
  const days = datesOf(presetPeriod(90, "2026-11-26")).map((date, index) => ({ date, leads: index % 7, judged: 0, inPromise: 0 }));
  const svg = renderToStaticMarkup(<FiguresChart days={days} />);
  expect(svg.match(/<rect [^>]*data-bar=/g)).toHaveLength(90);
  expect(svg).not.toContain("<circle");
});

import { expect, test } from "vitest";
import { csvResponse, inPages, neutraliseCell } from "#app/features/staff/csv.server.ts";

test("cells a spreadsheet would run as formulas are neutralised; others stay as typed", () => {
  for (const formula of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
    expect(neutraliseCell(formula)).toBe(`'${formula}`);
  }
  expect(neutraliseCell("Asha Rao")).toBe("Asha Rao");
  expect(neutraliseCell("a=b")).toBe("a=b");
  expect(neutraliseCell(null)).toBe("");
  expect(neutraliseCell(new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-23T10:00:00.000Z");
});

test("the CSV quotes commas, quotes and line breaks, and streams every page of rows", async () => {
  const all = Array.from({ length: 2203 }, (_, index) => ({ id: 3000 - index, name: index === 0 ? 'Rao, "Asha"\nCTO' : `n${index}` }));
  const pagesRead: number[] = [];
  const rows = inPages(async (beforeId, size) => {
    pagesRead.push(beforeId ?? 0);
    return all.filter((row) => beforeId === null || row.id < beforeId).slice(0, size);
  });
  const response = csvResponse(
    "test.csv",
    [
      { header: "Id", value: (row) => row.id },
      { header: "Name", value: (row) => row.name },
      { header: "Formula", value: () => "=1+1" },
      { header: "Empty", value: () => null },
    ],
    rows,
  );
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="test.csv"');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes);
  const lines = text.split("\n");
  expect(lines[0]).toBe('"Id","Name","Formula","Empty"');
  expect(lines[1]).toBe('"3000","Rao, ""Asha""');
  expect(lines[2]).toBe('CTO","\'=1+1",""');
  expect(lines[3]).toBe('"2999","n1","\'=1+1",""');
  expect(text.match(/"'=1\+1",""\n/g)).toHaveLength(2203);
  expect(text.endsWith('"798","n2202","\'=1+1",""\n')).toBe(true);
  expect(pagesRead).toEqual([0, 2001, 1001]);
});

test("the CSV reads rows only as the download takes them, one page ahead, and an abandoned download reads no more", async () => {
  const pagesRead: number[] = [];
  let closed = false;
  async function* rows() {
    try {
      yield* inPages(async (beforeId, size) => {
        pagesRead.push(beforeId ?? 0);
        return Array.from({ length: size }, (_, index) => ({ id: (beforeId ?? 1_000_000) - 1 - index }));
      });
    } finally {
      closed = true;
    }
  }
  const response = csvResponse("big.csv", [{ header: "Id", value: (row) => row.id }], rows());
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(first.value).split("\n").slice(0, 2)).toEqual(['\uFEFF"Id"', '"999999"']);
  // A chunk is a page: the first page, and the next read while it is written, are all that was read for it.
  expect(pagesRead).toEqual([0, 999_000]);
  await reader.cancel();
  expect(closed).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(pagesRead).toEqual([0, 999_000]);
});

test("an export whose rows fill their pages exactly ends after the empty page that shows there are no more", async () => {
  const all = Array.from({ length: 20 }, (_, index) => ({ id: 20 - index }));
  const rows = inPages(async (beforeId, size) => all.filter((row) => beforeId === null || row.id < beforeId).slice(0, size), 10);
  const text = await csvResponse("exact.csv", [{ header: "Id", value: (row) => row.id }], rows).text();
  expect(text.split("\n")).toHaveLength(22);
  expect(text.endsWith('"1"\n')).toBe(true);
});

import { Readable } from "node:stream";
import { stringify } from "csv-stringify";

/** A cell a spreadsheet would run as a formula (CWE-1236): =, +, -, @, or a tab/CR that hides one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The value as a spreadsheet shows it, never as a formula it runs. */
export function neutraliseCell(value: string | number | null | undefined | Date): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined | Date };

/**
 * A CSV download, streamed as its rows are read (csv-stringify quotes commas,
 * quotes and line breaks), with a byte-order mark so spreadsheets read UTF-8.
 */
export function csvResponse<Row>(fileName: string, columns: CsvColumn<Row>[], rows: AsyncIterable<Row>): Response {
  const stringifier = stringify({ bom: true, header: true, columns: columns.map((column) => column.header), quoted_string: true });
  void (async () => {
    try {
      for await (const row of rows) {
        const ok = stringifier.write(columns.map((column) => neutraliseCell(column.value(row))));
        if (!ok) await new Promise((resolve) => stringifier.once("drain", resolve));
      }
      stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  })();
  return new Response(Readable.toWeb(stringifier) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Rows page by page (keyset on id, newest first), so an export of any size holds one page in memory. */
export async function* inPages<Row extends { id: number }>(
  readPage: (beforeId: number | null, size: number) => Promise<Row[]>,
  size = 500,
): AsyncIterable<Row> {
  let beforeId: number | null = null;
  for (;;) {
    const page = await readPage(beforeId, size);
    yield* page;
    if (page.length < size) return;
    beforeId = page[page.length - 1]!.id;
  }
}

/** A file name with today's date, e.g. consultations-2026-11-23.csv. */
export function csvFileName(what: string, now = new Date()): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}

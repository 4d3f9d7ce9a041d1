import { stringify } from "csv-stringify/sync";

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

/** Rows turned into one chunk of the download: about 20-100 KB for the exports' rows. */
const ROWS_PER_CHUNK = 250;

/**
 * A CSV download, streamed as its rows are read (csv-stringify quotes commas,
 * quotes and line breaks), with a byte-order mark so spreadsheets read UTF-8.
 * Rows are read only as the download takes them, ROWS_PER_CHUNK to a chunk;
 * a download the client abandons closes `rows`, so its reads stop.
 */
export function csvResponse<Row>(fileName: string, columns: CsvColumn<Row>[], rows: AsyncIterable<Row>): Response {
  const iterator = rows[Symbol.asyncIterator]();
  let header: string[] | null = columns.map((column) => column.header);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const records = header ? [header] : [];
        const bom = header !== null;
        header = null;
        let finished = false;
        while (records.length < ROWS_PER_CHUNK) {
          const next = await iterator.next();
          if (next.done) {
            finished = true;
            break;
          }
          records.push(columns.map((column) => neutraliseCell(column.value(next.value))));
        }
        if (records.length) controller.enqueue(encoder.encode(stringify(records, { bom, quoted_string: true })));
        if (finished) controller.close();
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    // Nothing read ahead of what the connection takes.
    { highWaterMark: 0 },
  );
  return new Response(body, {
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

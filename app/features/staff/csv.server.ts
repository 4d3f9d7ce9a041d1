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
 * One CSV line, every cell quoted and its quotes doubled (RFC 4180), so commas,
 * quotes and line breaks inside a cell stay in it. A library's per-cell checks
 * for other dialects cost half as much again as the rest of an export's work.
 */
function csvLine(cells: string[]): string {
  return `"${cells.map((cell) => cell.replaceAll('"', '""')).join('","')}"\n`;
}

/**
 * A CSV download, streamed as its rows are read, with a byte-order mark so
 * spreadsheets read UTF-8.
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
        let text = header ? `\uFEFF${csvLine(header)}` : "";
        header = null;
        let finished = false;
        for (let rows = 0; rows < ROWS_PER_CHUNK; rows++) {
          const next = await iterator.next();
          if (next.done) {
            finished = true;
            break;
          }
          text += csvLine(columns.map((column) => neutraliseCell(column.value(next.value))));
        }
        if (text) controller.enqueue(encoder.encode(text));
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

/**
 * Rows page by page (keyset on id, newest first), so an export of any size holds two pages in memory:
 * the next page is read while the rows of this one are written, so the database's time and the
 * download's overlap instead of adding up. A page of 1,000 keeps the queries' own cost (a round
 * trip, planning) small beside the rows'.
 */
export async function* inPages<Row extends { id: number }>(
  readPage: (beforeId: number | null, size: number) => Promise<Row[]>,
  size = 1_000,
): AsyncIterable<Row> {
  let next = readPage(null, size);
  for (;;) {
    const page = await next;
    const more = page.length === size;
    if (more) {
      next = readPage(page[page.length - 1]!.id, size);
      // A download abandoned while this read is out leaves it unawaited: its failure is nobody's to handle.
      next.catch(() => undefined);
    }
    yield* page;
    if (!more) return;
  }
}

/** A file name with today's date, e.g. consultations-2026-11-23.csv. */
export function csvFileName(what: string, now = new Date()): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}

/*
 * What every email template builds its message from. These know no feature:
 * a template supplies its own rows and words.
 */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Visitor text in a header must stay on one line. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/** The HTML document around a message's body. */
export function htmlPage(body: string): string {
  return `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` + `${body}</body></html>`;
}

/** A labelled value echoed back from a form, in the order the form asked for it. */
export type DetailRow = [label: string, value: string];

/** One "Label: value" line per row; the row labelled `blockLabel` (free text) starts on its own line. */
export function detailsText(rows: DetailRow[], blockLabel: string): string {
  return rows.map(([label, value]) => (label === blockLabel ? `${label}:\n${value}` : `${label}: ${value}`)).join("\n");
}

export function detailsHtml(rows: DetailRow[]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellspacing="0" cellpadding="0">${cells}</table>`;
}

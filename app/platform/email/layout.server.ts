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

/** A labelled value echoed back from a form, in the order the form asked for it. */
export type DetailRow = [label: string, value: string];

/** One "Label: value" line per row; the row labelled `blockLabel` (free text) starts on its own line. */
export function detailsText(rows: DetailRow[], blockLabel: string): string {
  return rows.map(([label, value]) => (label === blockLabel ? `${label}:\n${value}` : `${label}: ${value}`)).join("\n");
}

const cellStyle = "font-size:15px;line-height:22px;color:#0f172a";

/** The rows as a two-column table that wraps long values instead of widening the message. */
export function detailsHtml(rows: DetailRow[]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" width="35%" style="${cellStyle};width:35%;padding:4px 12px 4px 0;font-weight:600">${escapeHtml(label)}</th>` +
        `<td valign="top" style="${cellStyle};padding:4px 0;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 16px;table-layout:fixed">${cells}</table>`;
}

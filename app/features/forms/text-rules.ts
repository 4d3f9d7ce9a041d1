/**
 * Characters no visitor types: C0 controls (NUL, escape, ...) and DEL. Tab,
 * line feed and carriage return are allowed only where a line break is.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F\u2028\u2029]/;

/** True when a value holds a character its kind of field refuses. */
export function hasForbiddenCharacter(value: string, { multiline }: { multiline: boolean }): boolean {
  return (multiline ? CONTROL_CHARACTER : SINGLE_LINE_FORBIDDEN).test(value);
}

/** Names the field, so a visitor knows where to look. */
export const forbiddenCharacterMessage = (label: string, { multiline }: { multiline: boolean }) =>
  multiline
    ? `${label} contains a control character that cannot be saved. Please remove it and try again.`
    : `${label} must be a single line of text without tabs, line breaks or control characters.`;

/** A single-line value as stored: trimmed, each run of whitespace one space. */
export function singleLine(value: string | undefined): string {
  return (value ?? "").trim().replace(/\s+/g, " ");
}

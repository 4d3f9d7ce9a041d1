import { data } from "react-router";
import { hasForbiddenCharacter } from "#app/features/forms/text-rules.ts";

/**
 * A query parameter a loader reads: its name in the address, what a visitor
 * calls it (for the sentence that refuses it) and its longest sensible value.
 */
export type QueryParameter = { name: string; label: string; maxLength: number };

/**
 * The parameter's value, or null when the address leaves it out. A value the
 * site could never have put in a link is refused with a 400 naming it, before
 * it reaches the database (PostgreSQL rejects NUL in text) or the page.
 */
export function readQueryParameter(search: URLSearchParams, parameter: QueryParameter): string | null {
  const value = search.get(parameter.name);
  return value === null ? null : checkQueryValue(value, parameter);
}

/** The same refusal for text carried inside a parameter, such as the job title encoded in `?pos=`. */
export function checkQueryValue(value: string, { label, maxLength }: QueryParameter): string {
  if (hasForbiddenCharacter(value, { multiline: false })) {
    throw data(`The ${label} in this address contains a character that cannot be used (a control character or line break). Remove it and try again.`, {
      status: 400,
    });
  }
  if (value.length > maxLength) {
    throw data(`The ${label} in this address is longer than ${maxLength} characters. Shorten it and try again.`, { status: 400 });
  }
  return value;
}

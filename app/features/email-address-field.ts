// zod/mini keeps the shared schemas small in the browser bundle.
import * as z from "zod/mini";
import { normaliseEmailAddress } from "#app/features/forms/form-rules.ts";

/*
 * Outside features/forms on purpose: the browser build groups that folder,
 * with everything it imports, into the chunk staff pages load too, and zod
 * belongs only with the forms whose schemas use it.
 */

/** A schema step after a field's own checks: the normalised address (see normaliseEmailAddress), or `message` as the field's issue. */
export const toEmailAddress = (message: string) =>
  z.transform((value: string, context) => {
    const address = normaliseEmailAddress(value);
    if (address !== null) return address;
    context.issues.push({ code: "custom", message, input: value });
    return z.NEVER;
  });

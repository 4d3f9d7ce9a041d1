import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: a reference read out on the phone cannot be misheard as another. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "APP-2026-4F7K2Q": what it is, the year, and six characters that are easy to read aloud. */
export function newReference(prefix: string, now: Date = new Date()): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${now.getUTCFullYear()}-${code}`;
}

/**
 * The job title travels in `?pos=` as base64 (spec §2). UTF-8-safe in both
 * directions so that any title survives the round trip.
 */
export function encodePosition(title: string): string {
  const bytes = new TextEncoder().encode(title);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The decoded title, or null when `pos` is missing or not valid base64 UTF-8 text. */
export function decodePosition(pos: string | null): string | null {
  if (!pos) return null;
  try {
    const binary = atob(pos.replace(/ /g, "+"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const title = new TextDecoder("utf-8", { fatal: true }).decode(bytes).trim();
    return title.length > 0 && title.length <= 200 ? title : null;
  } catch {
    return null;
  }
}

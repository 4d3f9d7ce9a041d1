/**
 * A request's body as text, counted as it arrives and left unread past
 * `maxBytes` (the server discards the rest and closes the connection); null
 * when it is not UTF-8.
 */
export async function readBounded(request: Request, maxBytes: number): Promise<string | "too-large" | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      return "too-large";
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return null;
  }
}

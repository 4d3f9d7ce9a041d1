import type { ServerResponse } from "node:http";

/**
 * Bytes gathered into one write. A CSV row or a file's read is a few hundred
 * bytes to 64 KB; a write each would cost a chunk header, a compression flush
 * and a syscall per row.
 */
export const WRITE_BATCH_BYTES = 64 * 1024;

/** The compression middleware's `flush`: sends what it holds, so a gathered write reaches the client now. */
type Flushable = ServerResponse & { flush?: () => void };

/**
 * Sends a route's streamed body to Node in writes of up to WRITE_BATCH_BYTES,
 * waiting for the connection to take each before reading more, so a download
 * of any size holds one batch. What arrived in one turn of the event loop is
 * sent at the end of it, so a slow source (a database page) never waits for a
 * full batch. When the client goes away the body is cancelled (its source
 * stops reading) and this resolves: the request log's "request aborted" line
 * says what happened. A body that fails mid-way cuts the connection and throws.
 *
 * React Router's `writeReadableStreamToWritable` races every read against one
 * promise that settles only when the connection fails, and each race keeps its
 * chunk reachable from that promise until the response ends: a 354 MB export
 * held 1.3 GB.
 */
export async function writeResponseBody(body: ReadableStream<Uint8Array>, res: Flushable): Promise<void> {
  const reader = body.getReader();
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let pendingWrite: NodeJS.Immediate | undefined;
  let mustDrain = false;
  let clientGone = false;
  let wakeWriter: (() => void) | undefined;
  const wake = () => {
    wakeWriter?.();
    wakeWriter = undefined;
  };
  const onDrain = () => {
    mustDrain = false;
    wake();
  };

  const onClose = () => {
    wake();
    if (res.writableFinished) return;
    clientGone = true;
    // A pending read then ends as done, and the source's cancel stops its work.
    reader.cancel().catch(() => undefined);
  };
  res.on("close", onClose);
  // One listener for the whole body: the compression middleware hands a response's drain listeners to its
  // compressor, where `off` on the response cannot reach them, so one per wait would pile up there.
  res.on("drain", onDrain);

  const writeBatch = () => {
    clearImmediate(pendingWrite);
    pendingWrite = undefined;
    if (batchBytes === 0 || clientGone) return;
    const bytes = batch.length === 1 ? batch[0]! : Buffer.concat(batch, batchBytes);
    batch = [];
    batchBytes = 0;
    if (!res.write(bytes)) mustDrain = true;
    res.flush?.();
  };

  try {
    for (;;) {
      while (mustDrain && !clientGone) await new Promise<void>((resolve) => (wakeWriter = resolve));
      if (clientGone) return;
      const { done, value } = await reader.read();
      if (clientGone) return;
      if (done) break;
      batch.push(value);
      batchBytes += value.byteLength;
      if (batchBytes >= WRITE_BATCH_BYTES) writeBatch();
      else pendingWrite ??= setImmediate(writeBatch);
    }
    writeBatch();
    res.end();
  } catch (error) {
    if (!clientGone) res.destroy(error as Error);
    throw error;
  } finally {
    clearImmediate(pendingWrite);
    res.off("close", onClose);
    res.off("drain", onDrain);
    reader.releaseLock();
  }
}

import { createReadableStreamFromReadable } from "@react-router/node";
import type { Route } from "./+types/media.$id.$file";
import { MEDIA_CONTENT_TYPE, mediaKeyOf } from "#app/features/images/images.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** A media file's content never changes (a new upload gets a new id): caches keep it for a year. */
const IMAGE_HEADERS = {
  "Content-Type": MEDIA_CONTENT_TYPE,
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  // Newsletter campaigns show these images in webmail pages (another origin), as the mail logo is shown.
  "Cross-Origin-Resource-Policy": "cross-origin",
};

/**
 * Insight images, public: `/media/{id}/{width}.webp` streamed from storage.
 * Only names storeImage writes are looked up; anything else is 404 at once.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = mediaKeyOf(params.id, params.file);
  if (!key) return notFound();
  const services = await servicesOf(context);
  const file = await services.storage.get(key);
  if (!file) return notFound();
  const headers = { ...IMAGE_HEADERS, "Content-Length": String(file.size) };
  if (request.method === "HEAD") {
    // The framework drops a HEAD answer's body unread: close the file here.
    file.body.destroy();
    return new Response(null, { headers });
  }
  return new Response(createReadableStreamFromReadable(file.body), { headers });
}

function notFound(): Response {
  return new Response("There is no such image.\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

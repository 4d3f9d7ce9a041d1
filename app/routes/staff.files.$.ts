import { createReadableStreamFromReadable } from "@react-router/node";
import type { Route } from "./+types/staff.files.$";
import { canPreview, contentDisposition, findAttachment, PREVIEW_HEADERS, PREVIEW_QUERY } from "#app/features/staff/attachments.server.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { canOpen } from "#app/features/staff/roles.ts";
import { currentStaff, FORBIDDEN_MESSAGE } from "#app/features/staff/staff-session.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * Attachments and resumes, streamed from private storage to signed-in staff
 * whose role covers them. `consultations.file_url` points here. Anyone else
 * gets 401 or 403 and not a byte of the file. With `?inline` a PDF is sent to
 * be shown in a frame of a staff page (decision 052); any other file is still
 * a download.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = currentStaff(context);
  if (!user) return refusal(401, "Sign in to the staff area to download this file: /staff/sign-in");
  const services = await servicesOf(context);
  const key = params["*"] ?? "";
  const attachment = await findAttachment(services.db, key);
  if (!attachment) return refusal(404, "There is no such file; it may have been deleted.");
  if (!canOpen(user, attachment.area)) return refusal(403, FORBIDDEN_MESSAGE);
  const file = await services.storage.get(key);
  if (!file) return refusal(404, "The file is missing from storage.");
  const preview = new URL(request.url).searchParams.has(PREVIEW_QUERY) && canPreview(attachment.contentType);
  await audit(services.db, {
    actor: { id: user.id, email: user.email },
    action: preview ? "file-previewed" : "file-downloaded",
    target: attachment.target,
    detail: { key },
    ipAddress: clientAddressOf(context),
  });
  return new Response(createReadableStreamFromReadable(file.body), {
    headers: {
      ...PRIVATE_HEADERS,
      ...(preview ? PREVIEW_HEADERS : {}),
      "Content-Type": attachment.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(attachment.name, preview ? "inline" : "attachment"),
    },
  });
}

function refusal(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}

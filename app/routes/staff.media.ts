import { data } from "react-router";
import type { Route } from "./+types/staff.media";
import { FormRejection } from "#app/features/forms/read-form.server.ts";
import { imageUploadRule, storeImage } from "#app/features/images/images.server.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

const IMAGE_FIELD = "image";
const mediaForm = { name: "staff-media", fields: [], labels: {}, upload: imageUploadRule(IMAGE_FIELD) };

/**
 * The rich-text editor's "Insert image": one image in the field `image`,
 * posted with fetch. Answers `{ src, width, height }`, or `{ message }` with
 * 413 (too large), 415 (not an accepted image) or 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "insights");
  if (request.method !== "POST") return data({ message: "Send the image with POST." }, { status: 405, headers: { Allow: "POST" } });
  const services = await servicesOf(context);
  try {
    const { files } = await readStaffForm(request, context, services, mediaForm);
    const file = files[0];
    if (!file) return data({ message: "Choose an image to upload." }, { status: 400 });
    const stored = await storeImage(services.storage, file.bytes, file.name);
    if (!stored.ok) return data({ message: stored.message }, { status: stored.status });
    await audit(services.db, {
      actor: { id: user.id, email: user.email },
      action: "image-uploaded",
      detail: { src: stored.src },
      ipAddress: clientAddressOf(context),
    });
    return { src: stored.src, width: stored.width, height: stored.height };
  } catch (error) {
    if (error instanceof FormRejection) return data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "insights");
  return data({ message: "Send the image with POST." }, { status: 405, headers: { Allow: "POST" } });
}

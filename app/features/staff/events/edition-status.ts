import type { EventEditionStatus } from "#app/platform/db/schema.server.ts";

/*
 * An edition's life: written as a draft, published (it has its page and may
 * become the current edition), perhaps unpublished back to a draft. Only a
 * draft nobody registered for may be deleted. The database keeps the same
 * list of statuses (events_status_check).
 */

export const EDITION_STATUSES = ["draft", "published"] as const satisfies readonly EventEditionStatus[];
export type { EventEditionStatus };

export const editionStatusLabels: Record<EventEditionStatus, string> = { draft: "Draft", published: "Published" };

export type EditionAction = "publish" | "unpublish" | "delete";
export const EDITION_ACTIONS = ["publish", "unpublish", "delete"] as const satisfies readonly EditionAction[];

export const editionActionLabels: Record<EditionAction, string> = { publish: "Publish", unpublish: "Unpublish", delete: "Delete" };

/** The buttons the edit page offers for an edition in `status`. */
export const editionActionsFor = (status: EventEditionStatus): EditionAction[] => (status === "draft" ? ["publish"] : ["unpublish"]);

/** What may be done to the edition now: the status it moves to, or why not. */
export function editionTransition(
  edition: { status: EventEditionStatus; registrations: number },
  action: EditionAction,
): { ok: true; to: EventEditionStatus | "deleted" } | { ok: false; message: string } {
  switch (action) {
    case "publish":
      return edition.status === "draft" ? { ok: true, to: "published" } : { ok: false, message: "This edition is already published." };
    case "unpublish":
      return edition.status === "published" ? { ok: true, to: "draft" } : { ok: false, message: "Only a published edition can be unpublished." };
    case "delete":
      if (edition.status !== "draft") return { ok: false, message: "Unpublish the edition before deleting it." };
      if (edition.registrations > 0)
        return { ok: false, message: `People registered for this edition (${edition.registrations}), so it stays for the record.` };
      return { ok: true, to: "deleted" };
  }
}

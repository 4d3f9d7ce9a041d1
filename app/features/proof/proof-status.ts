import type { ProofStatus } from "#app/platform/db/schema.server.ts";

/*
 * The life of a person, a testimonial or a client logo: a draft is written,
 * published (the blocks that pick it draw it), unpublished (it leaves every
 * page) and perhaps published again. Only an item visitors cannot see may be
 * deleted.
 */

export const PROOF_STATUSES = ["draft", "published", "unpublished"] as const satisfies readonly ProofStatus[];

export const proofStatusLabels: Record<ProofStatus, string> = { draft: "Draft", published: "Published", unpublished: "Unpublished" };

export type ProofAction = "publish" | "unpublish" | "delete";

/** What may be done to the item now: the status it moves to, or why not. */
export function proofTransition(
  status: ProofStatus,
  action: ProofAction,
  noun: string,
): { ok: true; to: ProofStatus | "deleted" } | { ok: false; message: string } {
  switch (action) {
    case "publish":
      return status === "published" ? { ok: false, message: `This ${noun} is already published.` } : { ok: true, to: "published" };
    case "unpublish":
      return status === "published" ? { ok: true, to: "unpublished" } : { ok: false, message: `Only a published ${noun} can be unpublished.` };
    case "delete":
      return status === "published" ? { ok: false, message: `Unpublish this ${noun} before deleting it.` } : { ok: true, to: "deleted" };
  }
}

import { and, eq, ne } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { UploadedFile } from "#app/features/forms/read-form.server.ts";
import { isImageStored, storeImage } from "#app/features/images/images.server.ts";
import { SOCIAL_IMAGE_FIELD, type SeoData, type SeoInput } from "#app/features/seo/seo-fields.ts";
import type { Refusal } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";

/*
 * The server's side of an item's search-engine fields (decision 060), for
 * every type that has them: what a save keeps, whether another item has the
 * address, and the social image through the image pipeline.
 */

/** An item saved before it had these fields, or made without them. */
export const noSeo: SeoData = { slug: null, metaTitle: null, metaDescription: null, noindex: false, socialImage: null };

/** The fields as saved: the input's, with the social image as the input asks (absent keeps `kept`'s). No input keeps them all. */
export function seoDataOf(seo: SeoInput | undefined, kept: SeoData): SeoData {
  if (!seo) return { slug: kept.slug, metaTitle: kept.metaTitle, metaDescription: kept.metaDescription, noindex: kept.noindex, socialImage: kept.socialImage };
  return { ...seo, socialImage: seo.socialImage === undefined ? kept.socialImage : seo.socialImage };
}

/** A type's id and slug columns, to find another item at an address. */
export type SlugColumns = { id: AnyPgColumn; slug: AnyPgColumn };

/** The refusal of an address another item of the type has (`exceptId` is the item saved; null for a new one). */
export async function slugTakenRefusal(
  tx: Database,
  columns: SlugColumns,
  slug: string | null,
  exceptId: number | null,
  noun: string,
): Promise<Refusal | null> {
  if (slug === null) return null;
  const [other] = await tx
    .select({ id: columns.id })
    .from(columns.id.table)
    .where(and(eq(columns.slug, slug), exceptId === null ? undefined : ne(columns.id, exceptId)))
    .limit(1);
  if (!other) return null;
  const message = `Another ${noun} already has the address “${slug}”; choose another.`;
  return { ok: false, status: 409, message, fields: { slug: message } };
}

/**
 * The input with an uploaded social image stored and named, when one came
 * with the form in its own field. Called after the fields were checked, so a
 * refused form stores no picture.
 */
export async function withSocialImage<Input extends { seo?: SeoInput }>(
  storage: FileStorage,
  input: Input,
  files: UploadedFile[],
): Promise<{ ok: true; input: Input } | { ok: false; status: number; message: string; fields: Record<string, string> }> {
  const file = files.find((candidate) => candidate.field === SOCIAL_IMAGE_FIELD);
  if (!file || !input.seo) return { ok: true, input };
  const stored = await storeImage(storage, file.bytes, `The social image "${file.name}"`);
  if (!stored.ok) return { ...stored, fields: { [SOCIAL_IMAGE_FIELD]: stored.message } };
  return { ok: true, input: { ...input, seo: { ...input.seo, socialImage: stored.src } } };
}

/** A restore's fields without a social image deleted since, and its name for the answer when it was. */
export async function withoutMissingSocialImage<Data extends SeoData>(storage: FileStorage, data: Data): Promise<{ data: Data; missing: string[] }> {
  if (data.socialImage === null || (await isImageStored(storage, data.socialImage))) return { data, missing: [] };
  return { data: { ...data, socialImage: null }, missing: ["The social image"] };
}

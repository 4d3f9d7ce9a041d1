import type { UploadedFile } from "#app/features/forms/read-form.server.ts";
import { imageUploadRule, storeImage } from "#app/features/images/images.server.ts";
import { editionFormRules } from "#app/features/staff/events/edition-form.tsx";
import { EDITION_IMAGE_FIELDS, NEW_RECAP_PHOTO_FILE, readEditionInput, speakerField, type EditionInput } from "#app/features/staff/events/edition-rules.ts";
import { EDITION_ACTIONS, type EditionAction } from "#app/features/staff/events/edition-status.ts";
import {
  changeEditionStatus,
  createEdition,
  editionContent,
  editionForEdit,
  saveEdition,
  type EditionData,
  type EditionForEdit,
  type EditionRow,
} from "#app/features/staff/events/editions-admin.server.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";

const [firstImageField, ...moreImageFields] = EDITION_IMAGE_FIELDS;

/** How the server reads the edition form: its fields, and each speaker's photo and a recap photo through the image pipeline's checks. */
const editionFormReadRules = {
  ...editionFormRules,
  upload: { ...imageUploadRule(firstImageField!), moreFields: moreImageFields, maxFiles: EDITION_IMAGE_FIELDS.length },
};

type Refused = { ok: false; status: number; message: string; fields: Record<string, string> };

/**
 * The input with each uploaded photo stored and put in its place: a speaker's
 * in the slot it was chosen in, a recap photo after the others with the
 * description typed for it. Called after the fields were checked, so a
 * refused form stores no picture.
 */
export async function withEditionPhotos(
  storage: FileStorage,
  input: EditionInput,
  files: UploadedFile[],
): Promise<{ ok: true; input: EditionInput } | Refused> {
  const speakers = input.speakers.map((speaker) => ({ ...speaker }));
  const recapPhotos = [...input.recapPhotos];
  for (const file of files) {
    if (file.field === NEW_RECAP_PHOTO_FILE) {
      if (!input.newRecapPhotoAlt) {
        const message = "Describe the new photo for people who cannot see it.";
        return { ok: false, status: 400, message, fields: { recapPhotoAlt: message } };
      }
      const stored = await storeImage(storage, file.bytes, `The photo "${file.name}"`);
      if (!stored.ok) return { ...stored, fields: { [file.field]: stored.message } };
      recapPhotos.push({ src: stored.src, alt: input.newRecapPhotoAlt });
      continue;
    }
    const slot = EDITION_IMAGE_FIELDS.indexOf(file.field);
    const index = input.speakerSlots.indexOf(slot);
    if (index < 0) {
      const message = "Enter the speaker's name for this photo.";
      return { ok: false, status: 400, message, fields: { [speakerField(slot, "Name")]: message } };
    }
    const stored = await storeImage(storage, file.bytes, `The photo "${file.name}"`);
    if (!stored.ok) return { ...stored, fields: { [file.field]: stored.message } };
    speakers[index]!.photo = stored.src;
  }
  return { ok: true, input: { ...input, speakers, recapPhotos } };
}

/** An event edition on its new and edit pages (the pages' loader and actions are the publishing core's). */
export const editionEditor: ContentEditor<EditionForEdit, EditionAction, EditionInput, EditionRow, EditionData> = {
  area: "eventEditions",
  content: editionContent,
  basePath: "/staff/events/editions",
  notFound: "There is no such event edition.",
  listPath: "/staff/events/editions",
  formRules: editionFormReadRules,
  load: editionForEdit,
  statusActions: EDITION_ACTIONS,
  changeStatus: ({ services, id, action, actor, ipAddress }) => changeEditionStatus(services.db, id, action, actor, ipAddress),
  readInput: readEditionInput,
  async save({ services, id, revision, input, files, actor, ipAddress, publish }) {
    const withPhotos = await withEditionPhotos(services.storage, input, files);
    if (!withPhotos.ok) return withPhotos;
    return saveEdition(services.db, id, revision, withPhotos.input, actor, ipAddress, publish);
  },
  async create({ services, input, files, actor, ipAddress }) {
    const withPhotos = await withEditionPhotos(services.storage, input, files);
    if (!withPhotos.ok) return withPhotos;
    return createEdition(services.db, withPhotos.input, actor, ipAddress);
  },
};

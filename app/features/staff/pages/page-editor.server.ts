import type { ImageRef } from "#app/content/page-types.ts";
import type { UploadedFile } from "#app/features/forms/read-form.server.ts";
import { imageUploadRule, isImageStored, storeImage } from "#app/features/images/images.server.ts";
import {
  blockArrangement,
  imageFieldOfFile,
  imagesOf,
  pageFormLabels,
  pageFieldNames,
  pageImageFileNames,
  pageMultilineNames,
  readBlocks,
  replaceImages,
  uploadOf,
  type PageData,
} from "#app/features/site-pages/page-blocks.ts";
import { loadSitePage, pageContent, type SitePageRow } from "#app/features/site-pages/site-pages.server.ts";
import { PAGE_DESCRIPTION_MAX, PAGE_TITLE_MAX } from "#app/features/staff/pages/page-limits.ts";
import type { Services } from "#app/platform/services.server.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";
import { saveContent } from "#app/features/staff/publishing/revisions.server.ts";

/*
 * A page of the site on its edit page (decision 061): its title and
 * description for search engines, and its blocks. A page is always public,
 * so a save either publishes or is kept as a draft; moving, adding and
 * removing a block is kept as a draft. Pages are made by the code's routes,
 * not here: none is created or deleted.
 */

/** The most pictures one save takes: each is checked and encoded in five sizes while the editor waits. */
export const MAX_PICTURES_A_SAVE = 10;

/** The page's fields from its form, or the sentence beside each field that is wrong; `files` are the pictures chosen in it. */
export function readPageInput(
  values: Record<string, string>,
  files: UploadedFile[] = [],
): { ok: true; input: PageData } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const title = (values.title ?? "").trim();
  const description = (values.description ?? "").replace(/\s+/g, " ").trim();
  if (!title) errors.title = "Give the page a title: browsers and search results show it.";
  else if (title.length > PAGE_TITLE_MAX) errors.title = `The title is ${title.length} characters long; search results show about ${PAGE_TITLE_MAX}.`;
  if (!description) errors.description = "Give the page a description: search results show it under the title.";
  else if (description.length > PAGE_DESCRIPTION_MAX)
    errors.description = `The description is ${description.length} characters long; search results show about ${PAGE_DESCRIPTION_MAX}.`;
  const uploads = new Set(files.map((file) => imageFieldOfFile(file.field)).filter((name): name is string => name !== undefined));
  const blocks = readBlocks(values, uploads);
  if (!blocks.ok) Object.assign(errors, blocks.errors);
  if (Object.keys(errors).length > 0 || !blocks.ok) return { ok: false, errors };
  return { ok: true, input: { title, description, sections: blocks.sections } };
}

const [firstPictureField, ...morePictureFields] = pageImageFileNames;

/** Stores each picture chosen in the form and puts it in its place; the first refusal names its field. */
async function withStoredPictures(storage: Services["storage"], input: PageData, files: UploadedFile[]): Promise<{ ok: true; input: PageData } | Refusal> {
  const stored = new Map<string, ImageRef>();
  for (const file of files) {
    const field = imageFieldOfFile(file.field);
    if (!field) continue;
    const image = await storeImage(storage, file.bytes, `The picture "${file.name}"`);
    if (!image.ok) return { ok: false, status: image.status, message: image.message, fields: { [field]: image.message } };
    stored.set(field, { src: image.src, width: image.width, height: image.height });
  }
  return { ok: true, input: { ...input, sections: replaceImages(input.sections, (image) => (uploadOf(image) ? stored.get(uploadOf(image)!) : image)) } };
}

type Refusal = { ok: false; status: number; message: string; fields?: Record<string, string> };

export const pageEditor: ContentEditor<SitePageRow, never, PageData, SitePageRow, PageData> = {
  area: "pages",
  content: pageContent,
  basePath: "/staff/pages",
  notFound: "There is no such page.",
  listPath: "/staff/pages",
  formRules: {
    name: "staff-page",
    fields: ["intent", "revision", "title", "description", "blocks", "newBlock", ...pageFieldNames],
    labels: { title: "Title", description: "Description", blocks: "Blocks", newBlock: "Block to add", ...pageFormLabels },
    multiline: ["description", ...pageMultilineNames],
    maxBytes: 512 * 1024,
    upload: { ...imageUploadRule(firstPictureField!), moreFields: morePictureFields, maxFiles: MAX_PICTURES_A_SAVE },
  },
  load: loadSitePage,
  statusActions: [],
  changeStatus: () => Promise.resolve({ ok: false, status: 400, message: "A page of the site is always published." }),
  readInput: readPageInput,
  create: () => Promise.resolve({ ok: false, status: 404, message: "Pages come with the site; there is no new one to make here." }),
  async save({ services, id, revision, input, files, actor, ipAddress, publish }) {
    const withPictures = await withStoredPictures(services.storage, input, files);
    if (!withPictures.ok) return withPictures;
    return saveContent(services.db, pageContent, { id, shownRevision: revision, data: () => withPictures.input, publish, actor, ipAddress });
  },
  // A picture deleted since is left out: its block or item then shows without it, and the form asks for a new one.
  async withoutMissingFiles({ storage }, data) {
    const gone = new Set<string>();
    for (const image of imagesOf(data.sections)) if (!(await isImageStored(storage, image.src))) gone.add(image.src);
    if (gone.size === 0) return { data, missing: [] };
    const sections = replaceImages(data.sections, (image) => (gone.has(image.src) ? undefined : image));
    const missing = data.sections.flatMap((section, index) =>
      imagesOf([section]).some((image) => gone.has(image.src)) ? [`the picture in block ${index + 1}`] : [],
    );
    return { data: { ...data, sections }, missing: missing.map((label, index) => (index === 0 ? label.charAt(0).toUpperCase() + label.slice(1) : label)) };
  },
  arrange: (intent, values) => {
    const arrangement = blockArrangement(intent, values.newBlock);
    if (!arrangement) return null;
    return (input) => {
      const arranged = arrangement(input.sections);
      return arranged.ok ? { ok: true, input: { ...input, sections: arranged.sections }, message: arranged.message } : arranged;
    };
  },
};

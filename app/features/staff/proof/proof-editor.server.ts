import type { UploadedFile } from "#app/features/forms/read-form.server.ts";
import { imageUploadRule, isImageStored, storeImage } from "#app/features/images/images.server.ts";
import { caseStudyChoices } from "#app/features/proof/case-study-choices.server.ts";
import { changeProofStatus, createProof, proofContent, proofForEdit, saveProof, type ProofRow } from "#app/features/proof/proof-content.server.ts";
import {
  proofDeclarations,
  proofFileName,
  proofRemoveName,
  solutionPageChoices,
  solutionPageField,
  type ProofData,
  type ProofKind,
} from "#app/features/proof/proof-kinds.ts";
import type { ProofAction } from "#app/features/proof/proof-status.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";
import type { Refusal } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/*
 * A person, a testimonial or a client logo on its edit page (the page's
 * loader and action are the publishing core's). Its form is read by its
 * kind's declaration; a picture is stored through the image pipeline only
 * once the fields passed.
 */

/** The form's fields, and for each picture whether the form keeps it, removes it or brings a new file. */
export type ProofInput = { data: ProofData; pictures: Record<string, "keep" | "remove" | "new"> };

/** The item's fields from its form, or the sentence beside each field that is wrong. */
export function readProofInput(
  kind: ProofKind,
  values: Record<string, string>,
  files: UploadedFile[] = [],
): { ok: true; input: ProofInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const data: ProofData = {};
  const pictures: ProofInput["pictures"] = {};
  for (const field of proofDeclarations[kind].fields) {
    const raw = (values[field.key] ?? "").trim();
    switch (field.input) {
      case "image":
        pictures[field.key] = files.some((file) => file.field === proofFileName(field.key))
          ? "new"
          : values[proofRemoveName(field.key)] !== undefined
            ? "remove"
            : "keep";
        break;
      case "paths":
        data[field.key] = solutionPageChoices.flatMap((page, index) => (values[solutionPageField(index)] === page.path ? [page.path] : []));
        break;
      case "caseStudy":
        if (raw.length > field.max) errors[field.key] = "Choose the case study from the list.";
        data[field.key] = raw || null;
        break;
      case "order":
        if (raw !== "" && !/^\d{1,4}$/.test(raw)) errors[field.key] = "Write the order as a whole number from 0 to 9999.";
        data[field.key] = raw === "" ? 0 : Number(raw);
        break;
      case "demo":
        data[field.key] = values[field.key] !== undefined;
        break;
      default:
        if (field.required && raw === "") errors[field.key] = `Fill in ${field.label.toLowerCase()}.`;
        else if (raw.length > field.max) errors[field.key] = `${field.label} is ${raw.length} characters long; the most is ${field.max}.`;
        else if (field.prefix && raw !== "" && (!raw.startsWith(field.prefix) || /\s/.test(raw)))
          errors[field.key] = `${field.label} must be an address starting with ${field.prefix}`;
        data[field.key] = field.input === "text" ? raw : raw.replace(/\s+/g, " ");
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: { data, pictures } };
}

/**
 * The saved fields: each new picture stored, a removed one gone; a kept one
 * is left out, for the save to take from the working copy (a new item has
 * none to keep). A case study that is not one of the site's is refused.
 */
async function completed(
  services: Services,
  kind: ProofKind,
  input: ProofInput,
  files: UploadedFile[],
  creating: boolean,
): Promise<{ ok: true; data: ProofData } | Refusal> {
  const data = { ...input.data };
  for (const field of proofDeclarations[kind].fields) {
    if (field.input === "caseStudy" && data[field.key] !== null) {
      const known = (await caseStudyChoices(services.db)).some((study) => study.slug === data[field.key]);
      if (!known)
        return { ok: false, status: 400, message: "Choose the case study from the list.", fields: { [field.key]: "Choose the case study from the list." } };
    }
    if (field.input !== "image") continue;
    const file = files.find((candidate) => candidate.field === proofFileName(field.key));
    if (file) {
      const stored = await storeImage(services.storage, file.bytes, `The ${field.label.toLowerCase()} “${file.name}”`);
      if (!stored.ok) return { ok: false, status: stored.status, message: stored.message, fields: { [field.key]: stored.message } };
      data[field.key] = { src: stored.src, width: stored.width, height: stored.height };
    } else if (creating && field.required) {
      const message = `Choose a file for the ${field.label.toLowerCase()}.`;
      return { ok: false, status: 400, message, fields: { [field.key]: message } };
    } else if (creating || input.pictures[field.key] === "remove") data[field.key] = null;
  }
  return { ok: true, data };
}

/** The names of a kind's form fields, with the words that name each in a message. */
function formLabels(kind: ProofKind): Record<string, string> {
  const labels: Record<string, string> = { intent: "Action", revision: "Revision" };
  for (const field of proofDeclarations[kind].fields) {
    if (field.input === "paths") solutionPageChoices.forEach((page, index) => (labels[solutionPageField(index)] = `${field.label}: ${page.label}`));
    else if (field.input === "image") labels[proofRemoveName(field.key)] = `${field.label}: remove`;
    else labels[field.key] = field.label;
  }
  return labels;
}

/** One kind's editor for the publishing core's edit pages. */
function proofEditor(kind: ProofKind): ContentEditor<ProofRow, ProofAction, ProofInput, ProofRow, ProofData> {
  const declaration = proofDeclarations[kind];
  const content = proofContent(kind);
  const pictureFields = declaration.fields.filter((field) => field.input === "image").map((field) => proofFileName(field.key));
  const labels = formLabels(kind);
  return {
    area: kind,
    content,
    basePath: `/staff/${kind}`,
    notFound: `There is no such ${declaration.noun}.`,
    listPath: `/staff/${kind}`,
    formRules: {
      name: `staff-${kind}`,
      fields: Object.keys(labels),
      labels,
      multiline: declaration.fields.filter((field) => field.input === "text").map((field) => field.key),
      upload: { ...imageUploadRule(pictureFields[0]!), moreFields: pictureFields.slice(1), maxFiles: pictureFields.length },
    },
    load: (db: Database, id: number) => proofForEdit(db, kind, id),
    statusActions: ["publish", "unpublish", "delete"],
    changeStatus: ({ services, id, action, actor, ipAddress }) => changeProofStatus(services.db, kind, id, action, actor, ipAddress),
    readInput: (values, files) => readProofInput(kind, values, files),
    async create({ services, input, files, actor, ipAddress }) {
      const done = await completed(services, kind, input, files, true);
      return done.ok ? createProof(services.db, kind, done.data, actor, ipAddress) : done;
    },
    async save({ services, id, revision, input, files, actor, ipAddress, publish }) {
      const done = await completed(services, kind, input, files, false);
      if (!done.ok) return done;
      // A kept picture is the working copy's, as read inside the save's transaction.
      const data = (working: ProofData) => ({ ...pictureFieldsOf(kind, working), ...done.data });
      return saveProof(services.db, kind, { id, shownRevision: revision, data, publish, actor, ipAddress });
    },
    async withoutMissingFiles({ storage }, data) {
      const missing: string[] = [];
      const kept = { ...data };
      for (const field of declaration.fields.filter((candidate) => candidate.input === "image")) {
        const picture = data[field.key] as { src: string } | null;
        if (picture && !(await isImageStored(storage, picture.src))) {
          kept[field.key] = null;
          missing.push(`The ${field.label.toLowerCase()}`);
        }
      }
      return { data: kept, missing };
    },
  };
}

/** The pictures of the working copy. */
const pictureFieldsOf = (kind: ProofKind, working: ProofData): ProofData =>
  Object.fromEntries(proofDeclarations[kind].fields.filter((field) => field.input === "image").map((field) => [field.key, working[field.key] ?? null]));

export const proofEditors = { people: proofEditor("people"), testimonials: proofEditor("testimonials"), logos: proofEditor("logos") };

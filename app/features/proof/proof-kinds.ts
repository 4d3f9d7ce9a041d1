import type { ImageRef } from "#app/content/page-types.ts";
import { solutionGroups, anchorOf } from "#app/content/navigation.ts";

/*
 * The company's proof as content types of their own (decision 064): people,
 * testimonials and client logos. Each kind declares its fields once; from
 * that come its staff form, the reading of a post, the revision's fields and
 * the card a page block draws. Their items are not typed into pages: the
 * team, testimonials and logos blocks pick them.
 */

export const proofKinds = ["people", "testimonials", "logos"] as const;
export type ProofKind = (typeof proofKinds)[number];

/**
 * One field of an item: a line, a paragraph, a picture (through the image
 * pipeline), a link that must start with `prefix`, the solution pages it
 * belongs to, the case study it is about, its place in order, or the "Demo
 * example" label.
 */
export type ProofField = {
  key: string;
  label: string;
  input: "line" | "text" | "image" | "link" | "paths" | "caseStudy" | "order" | "demo";
  required?: boolean;
  max: number;
  hint?: string;
  /** What a link must start with. */
  prefix?: string;
};

const order: ProofField = {
  key: "position",
  label: "Order",
  input: "order",
  max: 9999,
  hint: "Lower comes first where a block shows them all in order.",
};
const demo: ProofField = {
  key: "isDemo",
  label: "Demo example",
  input: "demo",
  max: 0,
  hint: "Shown as a “Demo example” label on the site until you turn it off for a real one.",
};
const name: ProofField = { key: "name", label: "Name", input: "line", required: true, max: 120 };
const role: ProofField = { key: "role", label: "Role", input: "line", max: 120 };
const photo: ProofField = { key: "photo", label: "Photo", input: "image", max: 0 };
const solutionPages: ProofField = {
  key: "solutionPaths",
  label: "Solution pages it belongs to",
  input: "paths",
  max: 0,
  hint: "A block set to show those of its page draws it on these.",
};

export type ProofDeclaration = {
  kind: ProofKind;
  /** The revision type on the content core. */
  type: "person" | "testimonial" | "logo";
  noun: string;
  plural: string;
  /** The field that names an item in lists and headings. */
  title: string;
  fields: readonly ProofField[];
};

export const proofDeclarations: Record<ProofKind, ProofDeclaration> = {
  people: {
    kind: "people",
    type: "person",
    noun: "person",
    plural: "people",
    title: "name",
    fields: [
      photo,
      name,
      { ...role, required: true },
      { key: "bio", label: "Short bio", input: "text", max: 400 },
      {
        key: "linkedin",
        label: "LinkedIn profile",
        input: "link",
        max: 300,
        prefix: "https://www.linkedin.com/",
        hint: "A https://www.linkedin.com/in/… address.",
      },
      order,
      demo,
    ],
  },
  testimonials: {
    kind: "testimonials",
    type: "testimonial",
    noun: "testimonial",
    plural: "testimonials",
    title: "name",
    fields: [
      { key: "quote", label: "Quote", input: "text", required: true, max: 1_000 },
      name,
      role,
      { key: "company", label: "Company", input: "line", max: 120 },
      photo,
      solutionPages,
      { key: "caseStudy", label: "Case study it is about", input: "caseStudy", max: 120, hint: "The quote then links to the case study." },
      order,
      demo,
    ],
  },
  logos: {
    kind: "logos",
    type: "logo",
    noun: "client logo",
    plural: "client logos",
    title: "name",
    fields: [
      { key: "name", label: "Client’s name", input: "line", required: true, max: 120, hint: "Read out instead of the logo, and shown when it cannot load." },
      { key: "logo", label: "Logo", input: "image", required: true, max: 0 },
      { key: "href", label: "Client’s site", input: "link", max: 500, prefix: "https://", hint: "A https:// address, or leave it empty." },
      solutionPages,
      order,
      demo,
    ],
  },
};

/** The most items a block's checkboxes offer: the published ones first, in order. */
export const MAX_PROOF_CHOICES = 48;

/** The most items one block draws. */
export const MAX_PROOF_DRAWN = 24;

/** An item's fields as a revision keeps them, by the keys its kind declares. */
export type ProofData = Record<string, string | number | boolean | string[] | ImageRef | null>;

/** The solution pages an item may belong to: the navigation's solution pages (not its anchors on overview pages). */
export const solutionPageChoices: readonly { path: string; label: string }[] = solutionGroups.flatMap((group) =>
  group.links.filter((link) => !anchorOf(link.href)).map((link) => ({ path: link.href, label: link.label })),
);

/** The form field of a solution page's checkbox. */
export const solutionPageField = (index: number) => `solution.${index}`;

/** A picture field's file input, and its box that removes the current picture. */
export const proofFileName = (key: string) => `${key}.file`;
export const proofRemoveName = (key: string) => `${key}.remove`;

/** What a new item's form starts with. */
export function emptyProofData(kind: ProofKind): ProofData {
  return Object.fromEntries(
    proofDeclarations[kind].fields.map((field) => [
      field.key,
      field.input === "image" || field.input === "caseStudy"
        ? null
        : field.input === "paths"
          ? []
          : field.input === "order"
            ? 0
            : field.input === "demo"
              ? true
              : "",
    ]),
  );
}

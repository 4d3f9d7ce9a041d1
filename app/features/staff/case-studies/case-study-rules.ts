import { anchorOf, solutionGroups } from "#app/content/navigation.ts";
import { singleLine } from "#app/features/forms/text-rules.ts";
import { readSeoInput, slugFrom, slugProblem, type SeoInput } from "#app/features/seo/seo-fields.ts";
import { tagsFrom } from "#app/features/staff/insights/insight-rules.ts";

/*
 * What a case study may hold, for the staff form and the server that checks
 * it: one source for the limits, the field names and the sentences.
 */

export const CASE_STUDY_LIMITS = {
  title: 150,
  summary: 300,
  clientSector: 120,
  clientSize: 120,
  clientName: 120,
  problem: 3000,
  /** Points of "What we built", one a line. */
  built: 12,
  point: 600,
  stack: 20,
  technology: 40,
  outcomeValue: 20,
  outcomeLabel: 160,
  alt: 250,
} as const;

/** Rows of outcomes the form offers; the first is the card's headline figure. */
export const OUTCOME_ROWS = 6;
/** Screenshot places the form offers. */
export const SCREENSHOT_SLOTS = 4;

/** The solution pages a study can belong to: those of the navigation's solution groups (not their in-page anchors). */
export const solutionPages: readonly { href: string; label: string }[] = solutionGroups.flatMap((group) =>
  group.links.filter((link) => !anchorOf(link.href)).map((link) => ({ href: link.href, label: link.label })),
);

export const outcomeField = (row: number, part: "value" | "label") => `outcome${row}${part === "value" ? "Value" : "Label"}`;
export const solutionField = (href: string) => `solution${href.replace(/[^a-z0-9]+/g, "-")}`;
export const screenshotField = (slot: number) => `screenshot${slot}`;
export const screenshotAltField = (slot: number) => `screenshot${slot}Alt`;
export const screenshotRemoveField = (slot: number) => `removeScreenshot${slot}`;
export const COVER_FIELD = "cover";

/** A study's own words, as the form gives them and a revision keeps them. */
export type CaseStudyFields = {
  title: string;
  summary: string;
  clientSector: string;
  clientSize: string;
  clientName: string | null;
  solutions: string[];
  problem: string;
  built: string[];
  stack: string[];
  outcomes: { value: string; label: string }[];
  demo: boolean;
};

export type CaseStudyInput = CaseStudyFields & {
  /** The cover's description; a new cover's file comes with the post. */
  coverAlt: string;
  removeCover: boolean;
  /** Each screenshot place: its description and whether to remove the picture there. */
  screenshotSlots: { alt: string; remove: boolean }[];
  /** The address is never empty: without one typed, it is made from the title. */
  seo: SeoInput & { slug: string };
};

/** The lines of a text area, trimmed, without empty ones. */
const linesOf = (value: string | undefined) =>
  (value ?? "")
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-•*]\s*/, ""))
    .map(singleLine)
    .filter(Boolean);

/** A required line of at most `max` characters, or the sentence beside its field. */
function requiredLine(errors: Record<string, string>, field: string, value: string, what: string, max: number): string {
  if (!value) errors[field] = `Enter ${what}.`;
  else if (value.length > max) errors[field] = `Keep ${what} to ${max} characters.`;
  return value;
}

/** The form's values as a case study, or a sentence per field that is wrong; `fileFields` are the file fields a file was chosen in. */
export function readCaseStudyInput(
  values: Record<string, string>,
  fileFields: ReadonlySet<string> = new Set(),
): { ok: true; input: CaseStudyInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const limits = CASE_STUDY_LIMITS;
  const title = requiredLine(errors, "title", singleLine(values.title), "the title", limits.title);
  const summary = requiredLine(errors, "summary", singleLine(values.summary), "the summary", limits.summary);
  const clientSector = requiredLine(errors, "clientSector", singleLine(values.clientSector), "the client's sector", limits.clientSector);
  const clientSize = requiredLine(errors, "clientSize", singleLine(values.clientSize), "the client's size", limits.clientSize);
  const clientName = singleLine(values.clientName);
  if (clientName.length > limits.clientName) errors.clientName = `Keep the client's name to ${limits.clientName} characters.`;
  const problem = (values.problem ?? "").trim().replace(/\s+/g, " ");
  if (!problem) errors.problem = "Describe the client's problem.";
  else if (problem.length > limits.problem) errors.problem = `Keep the problem to ${limits.problem.toLocaleString("en-US")} characters.`;

  const built = linesOf(values.built);
  if (built.length === 0) errors.built = "Enter at least one point of what was built.";
  else if (built.length > limits.built) errors.built = `Keep to ${limits.built} points.`;
  else if (built.some((point) => point.length > limits.point)) errors.built = `Keep each point to ${limits.point} characters.`;

  const stack = tagsFrom(values.stack);
  if (stack.length > limits.stack) errors.stack = `Name at most ${limits.stack} technologies.`;
  else if (stack.some((name) => name.length > limits.technology)) errors.stack = `Keep each technology to ${limits.technology} characters.`;

  const outcomes: CaseStudyInput["outcomes"] = [];
  for (let row = 0; row < OUTCOME_ROWS; row++) {
    const value = singleLine(values[outcomeField(row, "value")]);
    const label = singleLine(values[outcomeField(row, "label")]);
    if (!value && !label) continue;
    if (!value || value.length > limits.outcomeValue) errors[outcomeField(row, "value")] = `Enter the figure, at most ${limits.outcomeValue} characters.`;
    if (!label || label.length > limits.outcomeLabel)
      errors[outcomeField(row, "label")] = `Say what the figure measures, at most ${limits.outcomeLabel} characters.`;
    outcomes.push({ value, label });
  }

  const solutions = solutionPages.filter((page) => values[solutionField(page.href)] === "on").map((page) => page.href);

  const coverAlt = singleLine(values.coverAlt);
  if (coverAlt.length > limits.alt) errors.coverAlt = `Keep the description to ${limits.alt} characters.`;
  else if (!coverAlt && fileFields.has(COVER_FIELD)) errors.coverAlt = "Describe the cover for people who cannot see it.";
  const screenshotSlots = Array.from({ length: SCREENSHOT_SLOTS }, (_, slot) => {
    const alt = singleLine(values[screenshotAltField(slot)]);
    if (alt.length > limits.alt) errors[screenshotAltField(slot)] = `Keep the description to ${limits.alt} characters.`;
    else if (!alt && fileFields.has(screenshotField(slot))) errors[screenshotAltField(slot)] = "Describe the screenshot for people who cannot see it.";
    return { alt, remove: values[screenshotRemoveField(slot)] === "on" };
  });

  const seo = readSeoInput(values);
  if (!seo.ok) Object.assign(errors, seo.errors);
  // The address of a study is always a word: without one typed, the title's.
  const slug = seo.ok && seo.input.slug ? seo.input.slug : slugFrom(title);
  const slugRefused = seo.ok && !seo.input.slug && title ? slugProblem(slug) : null;
  if (slugRefused) errors.slug = `The address made from the title does not work: ${slugRefused} Type one.`;

  if (!seo.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      title,
      summary,
      clientSector,
      clientSize,
      clientName: clientName || null,
      solutions,
      problem,
      built,
      stack,
      outcomes,
      demo: values.demo === "on",
      coverAlt,
      removeCover: values.removeCover === "on",
      screenshotSlots,
      seo: { ...seo.input, slug },
    },
  };
}

/** The text of a case study's form, with room for its longest fields and multipart framing (the pictures come on top). */
export const CASE_STUDY_FORM_MAX_BYTES = 128 * 1024;

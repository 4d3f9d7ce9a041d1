import type { ImageRef, LogosSection, PageContent, Section, TeamSection, TestimonialsSection } from "#app/content/page-types.ts";
import { caseStudyHref } from "#app/content/case-studies.ts";
import { publishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { publishedProof } from "#app/features/proof/proof-content.server.ts";
import { MAX_PROOF_DRAWN, type ProofData, type ProofKind } from "#app/features/proof/proof-kinds.ts";
import { blockDeclaration, pickOf } from "#app/features/site-pages/page-blocks.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/*
 * The team, testimonials and logos blocks draw the published items they pick
 * (decision 064), read when the page is made: once per content version in
 * each process, which publishing, unpublishing or changing an item moves.
 */

/** What the blocks read through: the database, behind the published reads kept until content changes. */
type PublishedReads = { db: Database; content: Pick<Services["content"], "read"> };

const publishedOf = (services: PublishedReads, kind: ProofKind): Promise<Published[]> =>
  services.content.read(`proof:${kind}`, () => publishedProof(services.db, kind));

type Published = ProofData & { id: number };

const text = (value: unknown) => (typeof value === "string" ? value : "");
const picture = (value: unknown) => (value && typeof value === "object" ? (value as ImageRef) : undefined);
const optional = <Key extends string>(key: Key, value: string) => (value ? ({ [key]: value } as Record<Key, string>) : {});

type CaseStudyLinks = Map<string, { title: string; href: string }>;

/** Each kind's item as its block's card draws it. */
const cardsOf = {
  people: (item: Published): TeamSection["items"][number] => ({
    ...(picture(item.photo) ? { photo: picture(item.photo)! } : {}),
    name: text(item.name),
    role: text(item.role),
    ...optional("bio", text(item.bio)),
    ...optional("linkedin", text(item.linkedin)),
    demo: item.isDemo === true,
  }),
  testimonials: (item: Published, studies: CaseStudyLinks): TestimonialsSection["items"][number] => {
    const study = studies.get(text(item.caseStudy));
    return {
      quote: text(item.quote),
      name: text(item.name),
      role: text(item.role),
      company: text(item.company),
      ...(picture(item.photo) ? { photo: picture(item.photo)! } : {}),
      ...(study ? { caseStudy: { label: `Read the case study: ${study.title}`, href: study.href } } : {}),
      demo: item.isDemo === true,
    };
  },
  logos: (item: Published): LogosSection["items"][number] | null => {
    const logo = picture(item.logo);
    return logo ? { logo, name: text(item.name), ...optional("href", text(item.href)), demo: item.isDemo === true } : null;
  },
};

/** The published items a block picks, in the order it draws them. */
export function pickedItems(section: Section, published: readonly Published[], path: string): Published[] {
  const pick = pickOf(section);
  if (pick.from === "chosen") {
    const byId = new Map(published.map((item) => [item.id, item]));
    return pick.ids.flatMap((id) => byId.get(id) ?? []).slice(0, MAX_PROOF_DRAWN);
  }
  const items = pick.from === "page" ? published.filter((item) => Array.isArray(item.solutionPaths) && item.solutionPaths.includes(path)) : published;
  return items.slice(0, MAX_PROOF_DRAWN);
}

/** The blocks that pick each kind. */
export const blockOfKind = { people: "team", testimonials: "testimonials", logos: "logos" } as const satisfies Record<ProofKind, Section["kind"]>;

/** Only a published study's page can be opened; a testimonial about a draft or unpublished one shows no link. */
async function studyLinks(services: PublishedReads): Promise<CaseStudyLinks> {
  return new Map((await publishedCaseStudies(services)).map((study) => [study.slug, { title: study.title, href: caseStudyHref(study) }]));
}

function cardsFor(kind: ProofKind, items: readonly Published[], studies: CaseStudyLinks) {
  if (kind === "people") return items.map(cardsOf.people);
  if (kind === "testimonials") return items.map((item) => cardsOf.testimonials(item, studies));
  return items.flatMap((item) => cardsOf.logos(item) ?? []);
}

/** The page with each picking block's items filled in from what is published; a block that picks nothing published draws nothing. */
export async function withPickedProof(services: PublishedReads, page: PageContent): Promise<PageContent> {
  const kinds = new Set(page.sections.flatMap((section) => blockDeclaration(section.kind)?.picks?.kind ?? []));
  if (kinds.size === 0) return page;
  const published = new Map<ProofKind, Published[]>();
  for (const kind of kinds) published.set(kind, await publishedOf(services, kind));
  const studies = kinds.has("testimonials") ? await studyLinks(services) : new Map();
  const sections = page.sections.map((section) => {
    const kind = blockDeclaration(section.kind)?.picks?.kind;
    return kind ? { ...section, items: cardsFor(kind, pickedItems(section, published.get(kind)!, page.path), studies) } : section;
  });
  return { ...page, sections: sections as PageContent["sections"] };
}

/** The published testimonials about a case study, as its page draws them: without a link back to the page they are on. */
export async function testimonialsAbout(services: PublishedReads, slug: string): Promise<TestimonialsSection["items"]> {
  const about = (await publishedOf(services, "testimonials")).filter((item) => item.caseStudy === slug).slice(0, MAX_PROOF_DRAWN);
  return about.map((item) => cardsOf.testimonials(item, new Map()));
}

/** One item, published or not, as its block draws it: for the staff preview. */
export async function previewBlock(services: PublishedReads, kind: ProofKind, item: Published): Promise<Section> {
  const items = cardsFor(kind, [item], kind === "testimonials" ? await studyLinks(services) : new Map());
  return { kind: blockOfKind[kind], title: "", pick: { from: "chosen", ids: [item.id] }, items } as Section;
}

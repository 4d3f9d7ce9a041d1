import { CASE_STUDIES_PATH, type CaseStudy, type CaseStudyPicture } from "#app/content/case-studies.ts";
import { solutionGroups } from "#app/content/navigation.ts";
import type { HeroSection, Section, TestimonialsSection } from "#app/content/page-types.ts";

/** A picture of the study as an image block. */
const pictureSection = ({ alt, ...image }: CaseStudyPicture): Section => ({ kind: "image", image, alt });

const solutionLinks = new Map(solutionGroups.flatMap((group) => group.links).map((link) => [link.href as string, link]));

/** A case study's page, drawn by the shared section components like every content page, with what the client said about the work. */
export function caseStudySections(study: CaseStudy, said: TestimonialsSection["items"] = []): [HeroSection, ...Section[]] {
  const client = [...(study.client.name ? [`Client: ${study.client.name}`] : []), `Sector: ${study.client.sector}`, `Size: ${study.client.size}`];
  return [
    {
      kind: "hero",
      eyebrow: study.demo ? "Case study · Demo example" : "Case study",
      title: study.title,
      lead: study.summary,
      secondary: { label: "All case studies", href: CASE_STUDIES_PATH },
    },
    ...(study.cover ? [pictureSection(study.cover)] : []),
    ...(study.outcomes.length > 0 ? [{ kind: "figures", title: "Results", items: study.outcomes } satisfies Section] : []),
    { kind: "prose", title: "The client", blocks: [{ list: client }] },
    { kind: "prose", title: "The problem", blocks: [{ p: study.problem }] },
    { kind: "prose", title: "What we built", blocks: [{ list: study.built }] },
    ...study.screenshots.map(pictureSection),
    ...(said.length > 0 ? [{ kind: "testimonials", title: "What the client said", pick: { from: "all", ids: [] }, items: said } satisfies Section] : []),
    { kind: "prose", title: "Technology", blocks: [{ p: `${study.stack.join(", ")}.` }] },
    ...(study.demo
      ? [
          {
            kind: "prose",
            title: "About this example",
            blocks: [
              {
                p: "This case study is a demo example: it describes the kind of project we deliver and the results such projects measure, not a named client's engagement. Ask us in the consultation form for references from real clients in your industry.",
              },
            ],
          } satisfies Section,
        ]
      : []),
    {
      kind: "links",
      title: "Related solutions",
      items: study.solutions.flatMap((path) => {
        const link = solutionLinks.get(path);
        return link ? [{ title: link.label, body: link.description ?? "", href: link.href }] : [];
      }),
    },
  ];
}

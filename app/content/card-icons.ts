/**
 * The icon of each solution-area and product card: an icon of
 * Lucide (https://lucide.dev, ISC licence), by its Lucide name, keyed by the
 * card's title as navigation.ts spells it (a solution area's group title, a
 * solution's or a product's label).
 *
 * The cards draw them from one sprite, `app/content/card-icons.svg`, which
 * holds exactly these icons and travels as a hashed, immutably cached asset:
 * no script, no stylesheet, one request that does not block rendering.
 * Change a name here, then write the sprite again with
 * `npx tsx scripts/card-icons.ts` (a unit test fails until the committed
 * sprite matches this list).
 */
export const cardIcons = {
  // Solution areas (home page, "What we build").
  "Business Solutions": "briefcase-business",
  "Software Development": "code-xml",
  "E-commerce & Fintech": "wallet",
  "Security & Cloud": "cloud-cog",
  "AI & Automation": "sparkles",
  // Solutions (/our-solutions).
  "ERP Solutions": "boxes",
  "CRM Solutions": "handshake",
  "Business Intelligence & Analytics": "chart-column",
  "Custom Software": "puzzle",
  "Web & Mobile Apps": "tablet-smartphone",
  "AI/ML Solutions": "brain-circuit",
  "E-commerce": "shopping-cart",
  "Payment Gateway": "credit-card",
  "Billing System": "receipt",
  "Cybersecurity & Data Protection": "shield-check",
  "Cloud Infrastructure": "cloud",
  DevOps: "infinity",
  "Chatbots & Virtual Assistants": "bot-message-square",
  "Predictive Analytics": "trending-up",
  "Workflow Automation": "workflow",
  "B2B SaaS Products": "layers",
  "Healthcare & Pharma": "heart-pulse",
  // Products (/products).
  "Employee Management System": "users",
  "Student Management System": "graduation-cap",
  "E-commerce Platform": "store",
  "Hackathon & Event Management": "trophy",
} as const satisfies Record<string, string>;

/** A Lucide icon the sprite holds: the `id` of its `<symbol>`. */
export type CardIcon = (typeof cardIcons)[keyof typeof cardIcons];

/** The icon of the card with this title, or nothing for a card that has none. */
export function cardIconOf(title: string): { icon?: CardIcon } {
  return Object.hasOwn(cardIcons, title) ? { icon: cardIcons[title as keyof typeof cardIcons] } : {};
}

/** An icon as lucide-static's `icon-nodes.json` holds it: its elements, each a tag and its attributes. */
export type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[];

/** Lucide's drawing style, set once per symbol: outlines in the text colour of the `<svg>` that uses it. */
const LUCIDE_STYLE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The sprite: one `<symbol>` per icon of `cardIcons`, in alphabetical order,
 * after lucide-static's licence notice (`notice`, which must not contain "--").
 * Throws if lucide-static has no icon of that name.
 */
export function cardIconSprite(nodes: Readonly<Record<string, IconNode>>, version: string, notice: string): string {
  if (notice.includes("--")) throw new Error("The licence notice would end the sprite's XML comment early");
  const names = [...new Set(Object.values(cardIcons))].sort();
  const symbols = names.map((name) => {
    const node = nodes[name];
    if (!node) throw new Error(`lucide-static ${version} has no icon "${name}" (app/content/card-icons.ts)`);
    const elements = node.map(
      ([tag, attributes]) =>
        `<${tag} ${Object.entries(attributes)
          .map(([key, value]) => `${key}="${escapeAttribute(value)}"`)
          .join(" ")}/>`,
    );
    return `<symbol id="${name}" viewBox="0 0 24 24" ${LUCIDE_STYLE}>${elements.join("")}</symbol>`;
  });
  return [
    "<!--",
    `Lucide icons from lucide-static ${version} (https://lucide.dev), the site's card icons.`,
    "Generated from app/content/card-icons.ts by `npx tsx scripts/card-icons.ts`: do not edit.",
    "",
    notice.trim(),
    "-->",
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...symbols,
    "</svg>",
    "",
  ].join("\n");
}

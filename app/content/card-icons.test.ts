import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { cardIcons } from "#app/content/card-icons.ts";
import { solutionGroups, productLinks } from "#app/content/navigation.ts";
import { contentPageAt, homePage } from "#app/content/pages/index.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { cardIconSpriteFromLucide, lucideLicence } from "../../scripts/lucide-static.ts";

const sprite = readFileSync("app/content/card-icons.svg", "utf8");

test("the committed sprite is what scripts/card-icons.ts writes from the list and the installed lucide-static", () => {
  expect(sprite, "run `npx tsx scripts/card-icons.ts` and commit app/content/card-icons.svg").toBe(cardIconSpriteFromLucide());
});

test("the sprite carries Lucide's ISC notice, which covers every icon in it (none is one of the Feather icons under MIT)", () => {
  const { isc, feather } = lucideLicence();
  expect(sprite).toContain(isc.trim());
  const featherIcons = new Set(/derived from the Feather project:\s*\n\s*\n(.+)\n/.exec(feather)?.[1]?.split(", "));
  expect(featherIcons.size).toBeGreaterThan(50);
  for (const icon of Object.values(cardIcons)) expect(featherIcons, `${icon} needs Feather's MIT notice in the sprite`).not.toContain(icon);
});

/** The cards of a page's link and feature grids that are titled after a solution area, a solution or a product. */
function namedCards(page: PageContent) {
  const names = new Set([
    ...solutionGroups.flatMap((group) => [group.title, ...group.links.map((link) => link.label)]),
    ...productLinks.map((link) => link.label),
  ]);
  return page.sections
    .flatMap((section) => (section.kind === "links" || section.kind === "features" ? section.items : []))
    .filter((card) => names.has(card.title));
}

test("every solution-area, solution and product card has its own icon, and the sprite holds it", () => {
  const pages = [homePage, contentPageAt("/our-solutions"), contentPageAt("/products")];
  const expectedCards = { "/": 5, "/our-solutions": solutionGroups.flatMap((group) => group.links).length, "/products": productLinks.length };
  for (const page of pages) {
    expect(page).toBeDefined();
    const cards = namedCards(page!);
    expect(cards.length, page!.path).toBe(expectedCards[page!.path as keyof typeof expectedCards]);
    for (const card of cards) {
      expect(card.icon, `${page!.path}: ${card.title}`).toBeDefined();
      expect(sprite, `${page!.path}: ${card.title}`).toContain(`<symbol id="${card.icon}" `);
    }
    const icons = cards.map((card) => card.icon);
    expect(new Set(icons).size, `${page!.path}: two cards share an icon`).toBe(icons.length);
  }
});

test("every icon of the list is on a card", () => {
  const used = new Set([homePage, contentPageAt("/our-solutions"), contentPageAt("/products")].flatMap((page) => namedCards(page!).map((card) => card.icon)));
  for (const icon of Object.values(cardIcons)) expect(used, icon).toContain(icon);
});

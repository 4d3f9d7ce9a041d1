import { writeFileSync } from "node:fs";
import { cardIconSpriteFromLucide } from "./lucide-static.ts";

/**
 * Writes app/content/card-icons.svg, the card icons' sprite, from the names in
 * app/content/card-icons.ts and the icons of the installed lucide-static
 * (a pinned devDependency). Run after changing either:
 * `npx tsx scripts/card-icons.ts`.
 */
writeFileSync("app/content/card-icons.svg", cardIconSpriteFromLucide());
console.log("Wrote app/content/card-icons.svg");

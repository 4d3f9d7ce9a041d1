import type { RouterContextProvider } from "react-router";
import { headerLinks } from "#app/content/navigation.ts";
import { currentEdition } from "#app/features/events/events.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/**
 * The header's event link: named after the current edition, to the spec's
 * address that shows it. Read through the published reads, so a publish or
 * the clock moving to the next edition renames it within the content watch's
 * second; without the database, the spec's own words stand.
 */
export async function headerEventLink(context: Readonly<RouterContextProvider>): Promise<{ label: string; href: string }> {
  try {
    const services = await servicesOf(context);
    const edition = await services.content.read("event:current", () => currentEdition(services.db));
    return edition ? { label: edition.title, href: headerLinks.event.href } : headerLinks.event;
  } catch (error) {
    logger.warn({ err: error }, "Could not read the current event edition for the header");
    return headerLinks.event;
  }
}

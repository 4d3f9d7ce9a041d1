import { site } from "#app/content/site.ts";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import type { EventView } from "#app/features/events/events.server.ts";

/**
 * schema.org Event with what Google lists for event rich results: name,
 * startDate and endDate (ISO 8601), the venue as a Place with its address,
 * status and attendance mode, image, description, organizer, performers and
 * the (free) offer, sold out once every place is taken.
 */
export function eventJsonLd(event: EventView, siteUrl: string) {
  const url = `${siteUrl}${eventPagePath(event.slug)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.summary,
    url,
    image: [`${siteUrl}/og-image.jpg`, ...event.recapPhotos.map((photo) => `${siteUrl}${photo.src}`)],
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: event.venue.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: event.venue.streetAddress,
        addressLocality: event.venue.locality,
        addressRegion: event.venue.region,
        postalCode: event.venue.postalCode,
        addressCountry: event.venue.countryCode,
      },
    },
    organizer: { "@type": "Organization", name: site.name, url: `${siteUrl}/` },
    performer: event.speakers.map((speaker) => ({
      "@type": "Person",
      name: speaker.name,
      jobTitle: speaker.role,
      ...(speaker.photo ? { image: `${siteUrl}${speaker.photo}` } : {}),
    })),
    offers: {
      "@type": "Offer",
      url: `${url}#register`,
      price: 0,
      priceCurrency: "INR",
      availability: event.full || event.status !== "upcoming" || event.registration !== "open" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    },
  };
}

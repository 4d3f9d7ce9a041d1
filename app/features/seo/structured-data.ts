import { site } from "#app/content/site.ts";

/** schema.org Organization for the home page. */
export function organizationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/logo.png`,
    description: site.blurb,
    foundingDate: String(site.foundingYear),
    email: site.emails.general,
    telephone: site.phone.href.replace(/^tel:/, ""),
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      postalCode: site.address.postalCode,
      addressCountry: site.address.countryCode,
    },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: site.emails.sales,
        telephone: site.phone.href.replace(/^tel:/, ""),
        areaServed: "Worldwide",
        availableLanguage: ["English", "Hindi"],
      },
    ],
    sameAs: site.social.map((profile) => profile.href),
  };
}

import { caseStudyHref, type CaseStudy } from "#app/content/case-studies.ts";
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

/**
 * schema.org Article for a case study, with what Google lists for article rich
 * results: headline, image (the site's card; a study has no picture of its
 * own), datePublished, dateModified and author (the company writes them).
 */
export function caseStudyJsonLd(study: CaseStudy, siteUrl: string) {
  const url = `${siteUrl}${caseStudyHref(study)}`;
  const company = { "@type": "Organization", name: site.name, url: `${siteUrl}/` };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: study.title,
    description: study.summary,
    image: [`${siteUrl}/og-image.jpg`],
    datePublished: study.published,
    dateModified: study.published,
    author: company,
    publisher: { ...company, logo: { "@type": "ImageObject", url: `${siteUrl}/logo.png` } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    articleSection: "Case studies",
    keywords: study.stack,
  };
}

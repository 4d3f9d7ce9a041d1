import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/ecommerce",
  title: "E-commerce Development",
  description:
    "B2B and D2C e-commerce development: storefronts, ordering portals, payments, logistics and marketplace integrations built to convert and scale.",
  sections: [
    {
      kind: "hero",
      eyebrow: "E-commerce",
      art: "solutions",
      title: "B2B and D2C storefronts that convert",
      lead: "We build and scale D2C stores and B2B ordering portals, with the payments, logistics, GST invoicing and back-office integrations that make online selling work day to day.",
    },
    {
      kind: "features",
      title: "What we build",
      items: [
        {
          title: "D2C storefronts",
          body: "Fast, mobile-first stores on Shopify, WooCommerce or a headless stack, with search, merchandising and a checkout designed to reduce drop-off.",
        },
        {
          title: "B2B ordering portals",
          body: "Customer-specific price lists, credit terms, bulk and repeat orders, quotes and approval flows for distributors and business buyers.",
        },
        {
          title: "Payments and checkout",
          body: "UPI, cards, net banking, wallets, cash on delivery and international payments through established gateways, with reliable reconciliation.",
        },
        {
          title: "Logistics and fulfilment",
          body: "Integrations with shipping aggregators and couriers for rates, labels, tracking and returns, and with your warehouse or ERP for live stock.",
        },
        {
          title: "Marketplaces and channels",
          body: "Catalogue and order sync with marketplaces such as Amazon and Flipkart, and ONDC participation through a seller app where it suits your model.",
        },
        {
          title: "Tax and invoicing",
          body: "GST-compliant invoices with HSN codes and place-of-supply logic, plus e-invoicing for eligible B2B orders, generated automatically.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we deliver your store",
      steps: [
        {
          title: "Commerce strategy",
          body: "We review your catalogue, customers, channels and operations, then choose the platform and architecture that fit your scale and budget.",
        },
        {
          title: "Experience design",
          body: "Storefront and checkout are designed around your buyers and tested on the mobile devices they actually use.",
        },
        {
          title: "Build and integrate",
          body: "We build the store, connect payments, shipping, ERP, CRM and marketing tools, and migrate products, customers and order history.",
        },
        {
          title: "Launch",
          body: "Load testing, payment and tax checks, search redirects from any old site, and a closely monitored go-live.",
        },
        {
          title: "Grow",
          body: "Conversion analysis, A/B tests, speed improvements and new features under an ongoing support plan.",
        },
      ],
    },
    companyFigures(`${site.name} at a glance`),
    {
      kind: "faq",
      title: "E-commerce questions we are often asked",
      items: [
        {
          question: "Should we use Shopify or a custom platform?",
          answer:
            "Hosted platforms such as Shopify suit most D2C brands and keep running costs predictable. Custom or headless builds make sense for complex B2B pricing, unusual catalogues or deep ERP integration. We recommend after understanding your operations.",
        },
        {
          question: "How is an e-commerce project priced?",
          answer:
            "A fixed price for a defined store build and integrations, with optional monthly plans for growth work and support. Platform, app and gateway fees are paid directly to those providers.",
        },
        {
          question: "Can you migrate our current store without losing search rankings?",
          answer:
            "Yes. We migrate products, customers and orders, keep URLs where possible, redirect the rest, and check search performance closely after launch.",
        },
        {
          question: "Will the store connect to our ERP or accounting software?",
          answer: "Yes. We sync stock, prices, orders and invoices with ERPs and accounting tools through APIs or scheduled, monitored exchanges.",
        },
        {
          question: "Who owns the store?",
          answer:
            "You do. Platform and gateway accounts are opened in your name, and the custom themes, apps and integrations we build are handed over with source code.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Ready to sell more online?",
      body: `Tell us what you sell, who buys it and what runs your back office, and we will recommend a platform and launch plan. ${site.responsePromise}`,
    },
  ],
};

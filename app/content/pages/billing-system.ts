import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/billing-system",
  title: "Billing System Development",
  description: "Billing systems for subscriptions, usage-based pricing and GST invoicing, with dunning, e-invoicing and accounting integrations built in.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Billing System",
      art: "solutions",
      title: "Billing that keeps up with your pricing",
      lead: "We build and integrate billing systems for subscription, usage-based and contract pricing, with GST-compliant invoices, automated collections and clean handoffs to your accounting software.",
    },
    {
      kind: "features",
      title: "What we deliver",
      items: [
        {
          title: "Flexible pricing models",
          body: "Plans, add-ons, tiered and usage-based pricing, prepaid credits and custom contract terms, with proration when customers upgrade or downgrade.",
        },
        {
          title: "GST-compliant invoicing",
          body: "CGST, SGST or IGST applied by place of supply, HSN and SAC codes, credit notes, and e-invoicing with IRN and QR code for eligible invoices.",
        },
        {
          title: "Collections and dunning",
          body: "Automatic charging by card, UPI AutoPay or e-mandate, smart retries, reminders and payment links that reduce involuntary churn.",
        },
        {
          title: "Customers outside India",
          body: "Invoices in multiple currencies, zero-rated export invoices under a Letter of Undertaking, and tax handling for overseas customers.",
        },
        {
          title: "Accounting integration",
          body: "Invoices, payments and credit notes synced to Tally, Zoho Books, QuickBooks, Xero or your ERP, ready for reconciliation.",
        },
        {
          title: "Revenue reporting",
          body: "Recurring revenue, churn, deferred revenue and receivables ageing reports that finance and leadership can read without exporting to spreadsheets.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we deliver billing projects",
      steps: [
        {
          title: "Map your revenue model",
          body: "We document plans, pricing, contracts, tax rules and the edge cases that cause billing disputes today.",
        },
        {
          title: "Decide to build or buy",
          body: "We compare billing platforms such as Chargebee or Zoho Billing with a custom engine, and recommend based on your pricing complexity and volume.",
        },
        {
          title: "Build and integrate",
          body: "We implement billing logic, payment collection and invoice templates, and integrate them with your product, CRM and accounting system.",
        },
        {
          title: "Parallel run",
          body: "The new system runs alongside your current process for a billing cycle, and every invoice is reconciled before you switch over.",
        },
        {
          title: "Operate and adapt",
          body: "Ongoing support for new plans, price changes, tax updates and reporting as your business evolves.",
        },
      ],
    },
    {
      kind: "faq",
      title: "Billing questions we are often asked",
      items: [
        {
          question: "Should we use a billing platform or build our own?",
          answer:
            "Platforms are quicker to adopt and suit standard subscriptions. A custom engine pays off when pricing is usage-heavy, contract-specific or tightly tied to your product. Many businesses combine both, and we recommend whichever genuinely fits.",
        },
        {
          question: "How is a billing project priced?",
          answer:
            "A fixed price for a defined build or integration, with monthly support for changes afterwards. Any billing platform subscription is paid directly to the vendor.",
        },
        {
          question: "Can you migrate existing subscriptions without disrupting customers?",
          answer:
            "Yes. We migrate customers, plans, balances and, where the gateway allows, payment mandates, then run a parallel cycle so invoices match before cut-over.",
        },
        {
          question: "How do you keep up with GST changes?",
          answer:
            "Tax rules live in configuration rather than hard-coded logic, and our support plans include updates when rates, e-invoicing thresholds or formats change.",
        },
        {
          question: "Who owns the billing system?",
          answer:
            "You do. Custom code, integrations and documentation are handed over to you once invoices are settled, and your billing data stays in systems you control.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Is billing holding back your pricing?",
      body: `Walk us through how you charge customers today, and we will show you how to automate it accurately. ${site.responsePromise}`,
    },
  ],
};

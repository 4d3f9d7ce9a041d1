import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/payment-gateway",
  title: "Payment Gateway Integration",
  description:
    "Payment gateway integration and custom payment flows for UPI, cards, recurring payments and payouts, designed around RBI guidelines and PCI DSS.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Payment Gateway",
      art: "solutions",
      title: "Secure, compliant payment flows",
      lead: "We integrate payment gateways and build the payment layer of your product, from UPI and card checkout to subscriptions, refunds, payouts and reconciliation, designed around RBI guidelines and PCI DSS.",
    },
    {
      kind: "features",
      title: "What we build",
      items: [
        {
          title: "Gateway integration",
          body: "Integration with Indian and international gateways such as Razorpay, PayU, Cashfree, Stripe and PayPal, including routing and fallback across more than one gateway.",
        },
        {
          title: "UPI, cards and more",
          body: "UPI intent and QR flows, card payments with RBI-mandated tokenisation, net banking, wallets and EMI options, across web and mobile checkouts.",
        },
        {
          title: "Recurring payments",
          body: "UPI AutoPay, card e-mandates and NACH for subscriptions and instalments, with pre-debit notifications and mandate management built in.",
        },
        {
          title: "Refunds, payouts and split settlements",
          body: "Automated refunds, vendor payouts and split settlements for marketplaces and platforms, with a full audit trail for every rupee.",
        },
        {
          title: "Reconciliation",
          body: "Gateway settlements matched against orders and bank credits, with exception reports for finance instead of manual spreadsheets.",
        },
        {
          title: "Security and compliance",
          body: "Hosted fields and tokenisation that keep card data out of your systems and reduce PCI DSS scope, in an architecture that respects RBI's card storage and data localisation rules.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we deliver payment projects",
      steps: [
        {
          title: "Requirements and flows",
          body: "We map your payment journeys, business model and settlement needs, and the regulatory obligations that apply to you.",
        },
        {
          title: "Gateway selection and design",
          body: "We compare gateways on payment methods, pricing, settlement and support, and design idempotent, webhook-driven flows that handle failures cleanly.",
        },
        {
          title: "Build and test",
          body: "We build the integration, test success, failure, timeout and refund paths in sandbox, and verify reconciliation with your finance team.",
        },
        {
          title: "Onboarding and go-live",
          body: "We support the gateway's onboarding and go-live checks, then launch with monitoring of success rates and webhook health.",
        },
        {
          title: "Monitor and optimise",
          body: "We watch failure patterns, add payment methods and tune routing to improve success rates over time.",
        },
      ],
    },
    {
      kind: "faq",
      title: "Payment questions we are often asked",
      items: [
        {
          question: "Do you process payments yourselves?",
          answer: `No. ${site.name} is a technology partner: money flows through licensed gateways and banks, and we build and integrate the software around them. Your funds and settlement relationships stay with regulated providers.`,
        },
        {
          question: "Can you help us become a payment aggregator?",
          answer:
            "Operating as a payment aggregator requires authorisation from the Reserve Bank of India, which only your company can apply for. We build the technology, including the controls the guidelines expect, and work alongside your compliance advisers.",
        },
        {
          question: "How is payment work priced?",
          answer:
            "Integrations with a defined scope are fixed-price projects, and ongoing optimisation and support are available monthly. Transaction fees are agreed directly between you and the gateway.",
        },
        {
          question: "How long does an integration take?",
          answer:
            "A standard checkout with one gateway can typically be done in weeks. Recurring payments, split settlements or routing across gateways take longer, and the gateway's own onboarding and KYC timelines also apply.",
        },
        {
          question: "Who owns the payment code?",
          answer: "You do. The integrations and payment services we build are handed over with source code and runbooks once invoices are settled.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Need payments that just work?",
      body: `Tell us how you charge customers and pay partners, and we will recommend gateways and a payment architecture that fits. ${site.responsePromise}`,
    },
  ],
};

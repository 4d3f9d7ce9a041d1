import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/chatbot-and-virtual",
  title: "Chatbots & Virtual Assistants",
  description: "AI chatbots and virtual assistants for customer support, sales and internal help desks on WhatsApp, web and apps, with human handoff built in.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Chatbots & Virtual Assistants",
      art: "solutions",
      title: "Assistants that help your customers and your staff",
      lead: "We build AI chatbots and virtual assistants that answer questions from your own knowledge, complete real tasks in your systems, and hand over to a person when they should.",
    },
    {
      kind: "features",
      title: "What we build",
      items: [
        {
          title: "Customer support assistants",
          body: "Answers to common questions, order and ticket status, and guided troubleshooting, available round the clock on your website, app and WhatsApp.",
        },
        {
          title: "Sales and lead qualification",
          body: "Assistants that answer product questions, qualify enquiries, book meetings and pass leads straight into your CRM.",
        },
        {
          title: "Internal help desks",
          body: "HR, IT and policy assistants for employees, grounded in your handbooks and connected to your ticketing tools.",
        },
        {
          title: "Grounded in your knowledge",
          body: "Retrieval over your documents, FAQs and product data, with answers that cite their sources and admit when information is missing instead of guessing.",
        },
        {
          title: "Multilingual conversations",
          body: "Support for English, Hindi and other Indian languages, so customers can ask in the language they are most comfortable with.",
        },
        {
          title: "Human handoff and analytics",
          body: "Smooth escalation to live agents with the full conversation attached, plus dashboards of resolution, common topics and gaps in your content.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we build your assistant",
      steps: [
        {
          title: "Define the job",
          body: "We identify the conversations worth automating, the systems the assistant must reach, and exactly when it must hand over to a person.",
        },
        {
          title: "Prepare knowledge and integrations",
          body: "We organise source content and connect the assistant to your CRM, order, ticketing or HR systems through secure APIs.",
        },
        {
          title: "Build and test",
          body: "We build the conversation flows and AI layer, then test them against real past questions and awkward edge cases before launch.",
        },
        {
          title: "Launch in stages",
          body: "We start with a limited audience or channel, review conversations, and widen access as quality is confirmed.",
        },
        {
          title: "Improve continuously",
          body: "Unanswered questions and feedback are reviewed regularly, and content and behaviour are tuned in response.",
        },
      ],
    },
    {
      kind: "faq",
      title: "Chatbot questions we are often asked",
      items: [
        {
          question: "How are chatbot projects priced?",
          answer:
            "A fixed price for design, build and launch, and a monthly plan for monitoring and improvements. AI model usage and WhatsApp conversation charges depend on volume and are either passed through at cost or paid directly to the providers.",
        },
        {
          question: "Which channels can the assistant work on?",
          answer:
            "Your website and mobile app, WhatsApp through the WhatsApp Business Platform, Microsoft Teams or Slack for internal use, and other channels that offer an API.",
        },
        {
          question: "How do you stop the assistant giving wrong answers?",
          answer:
            "We ground answers in approved content, limit the assistant to defined topics, test it against real questions before launch and route uncertain cases to people. Conversations are reviewed regularly after launch.",
        },
        {
          question: "How is customer data protected?",
          answer:
            "Conversations are stored in your environment or with providers you approve, personal data is minimised and kept only as long as needed, and processing follows the DPDP Act 2023.",
        },
        {
          question: "Who owns the assistant?",
          answer: "You do. Configuration, code, prompts and conversation data are yours, and can move with you if you change model providers.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Answering the same questions every day?",
      body: `Share the questions your customers or staff ask most, and we will show you what an assistant could handle and where people should stay in the loop. ${site.responsePromise}`,
    },
  ],
};

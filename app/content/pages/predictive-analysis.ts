import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/predictive-analysis",
  title: "Predictive Analytics",
  description:
    "Predictive analytics for demand forecasting, churn, credit risk and maintenance, built on your data and delivered into the tools your teams use.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Predictive Analytics",
      art: "solutions",
      title: "Forecasts that drive better decisions",
      lead: "We turn your historical data into forecasts and risk scores your teams can act on, from demand planning to customer churn, and deliver them inside the systems people already use.",
    },
    {
      kind: "features",
      title: "What we build",
      items: [
        {
          title: "Demand and sales forecasting",
          body: "Forecasts by product, location and channel that account for seasonality, festive periods, promotions and trends, feeding inventory and production planning.",
        },
        {
          title: "Churn and retention",
          body: "Early signals of customers likely to leave, with the drivers behind each score, so account teams can step in while there is still time.",
        },
        {
          title: "Credit and fraud risk",
          body: "Scoring models for lending, payment terms and transaction monitoring, designed to be explainable for credit reviews and audits.",
        },
        {
          title: "Predictive maintenance",
          body: "Models on sensor and service data that flag equipment likely to fail, so maintenance is scheduled rather than reactive.",
        },
        {
          title: "Pricing and promotion analysis",
          body: "Estimates of how price changes and promotions affect volume and margin, to support commercial planning.",
        },
        {
          title: "Delivered where decisions happen",
          body: "Scores and forecasts written back to your ERP, CRM or BI dashboards on a schedule, with accuracy tracked over time.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we deliver predictive models",
      steps: [
        {
          title: "Frame the decision",
          body: "We start from the decision the prediction will support, who acts on it and how success will be measured.",
        },
        {
          title: "Assess the data",
          body: "We check the history, quality and coverage of your data, and build a simple baseline for any model to beat.",
        },
        {
          title: "Model and backtest",
          body: "We develop models and test them on past periods they have not seen, so you know how they would have performed.",
        },
        {
          title: "Deploy and integrate",
          body: "Predictions run on a schedule or on demand and flow into the tools your planners, sales and risk teams use.",
        },
        {
          title: "Monitor and retrain",
          body: "We track accuracy and data drift, and retrain as markets, products and customer behaviour change.",
        },
      ],
    },
    {
      kind: "faq",
      title: "Predictive analytics questions we are often asked",
      items: [
        {
          question: "How much historical data do we need?",
          answer:
            "It depends on the problem. Forecasting benefits from at least a couple of full seasonal cycles, while churn or risk models need enough past examples of the outcome. We assess your data before committing to a build.",
        },
        {
          question: "How is this work priced?",
          answer:
            "We usually begin with a fixed-price data assessment and pilot, then price the production build and ongoing monitoring as a fixed scope or a monthly plan.",
        },
        {
          question: "How accurate will the forecasts be?",
          answer:
            "That depends on your data and market, so we do not promise a number upfront. We measure accuracy honestly by backtesting against a baseline, agree acceptable error ranges with you, and keep reporting it after launch.",
        },
        {
          question: "Can predictions feed into our existing systems?",
          answer: "Yes. We integrate with ERPs, CRMs, data warehouses and BI tools so predictions appear where decisions are made.",
        },
        {
          question: "Who owns the models?",
          answer: "You do. Models, code, features and documentation are delivered to you and run in your own cloud or data environment.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Making big decisions on gut feel?",
      body: `Tell us which decision you want to get right more often, and we will assess whether your data can support a reliable prediction. ${site.responsePromise}`,
    },
  ],
};

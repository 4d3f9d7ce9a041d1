/*
 * Amounts of money the way readers of that currency write them. The site is
 * in English, so each currency is written by the English-speaking locale of
 * its home: en-IN groups rupees in lakhs and crores ("₹18,00,000"), en-US
 * and en-GB put $ and £ first, and en-IE writes euros as "€1,800,000"
 * (de-DE would write "1.800.000 €", whose dots read as decimals to an
 * English reader). Singapore, Australian and Canadian dollars are written by
 * en-US, whose symbols "SGD", "A$" and "CA$" keep them apart from US dollars
 * on a page read from anywhere; their home locales would all write a bare "$".
 */

const LOCALE_OF_CURRENCY: Record<string, string> = {
  INR: "en-IN",
  USD: "en-US",
  EUR: "en-IE",
  GBP: "en-GB",
  AED: "en-AE",
  SGD: "en-US",
  AUD: "en-US",
  CAD: "en-US",
};

// Formatters are costly to create and job pages format pay on every render: one per currency, not per call.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    // Salaries are whole amounts; paise and cents would only add noise.
    formatter = new Intl.NumberFormat(LOCALE_OF_CURRENCY[currency] ?? "en-US", { style: "currency", currency, maximumFractionDigits: 0 });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** 1800000 in INR → "₹18,00,000"; 1800000 in USD → "$1,800,000". */
export function formatMoney(amount: number, currency: string): string {
  return formatterFor(currency).format(amount);
}

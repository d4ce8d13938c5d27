// Prices, numbers and dates in the locale of the URL's prefix (DESIGN.md: /de/ shows
// English messages but German numbers). Formatters are built once per locale and options.
import type { Language } from "../../shared/languages";

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

export interface Formatters {
  /** 1234.5 in USD: "$1,234.50" (en), "1.234,50 $" (de). */
  price(amount: number, currency: string): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  date(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
}

export function formattersFor(language: Pick<Language, "locale">): Formatters {
  const { locale } = language;
  return {
    price(amount, currency) {
      return cached(`p|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency })).format(amount);
    },
    number(value, options = {}) {
      return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
    },
    date(value, options = { dateStyle: "medium" }) {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) return "";
      return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(date);
    },
  };
}

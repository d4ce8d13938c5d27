// robots.txt: where the sitemap index is, and what crawlers should leave alone: the account
// area (wherever the router config's userPath puts it), the sign-in screens, the cart,
// checkout and the client router's page-route answers, under every language prefix.
import { withPrefix } from "../../shared/language-prefix";
import { PREFIXES } from "../../shared/languages";

export function robotsTxt(origin: string, userPath: string): string {
  // `$` ends a rule (RFC 9309), so /cart does not also hide a page whose slug starts with "cart".
  const areas = [`/${userPath}/`, "/auth/", "/cart$", "/cart?", "/checkout/"];
  const lines = [null, ...PREFIXES].flatMap((prefix) => areas.map((area) => `Disallow: ${withPrefix(prefix, area)}`));
  return [
    "User-agent: *",
    ...lines,
    // The same pages as JSON for the client router; the documents are what should be found.
    "Disallow: /*?*request=route",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

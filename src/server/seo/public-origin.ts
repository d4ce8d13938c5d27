// The origin the shop's absolute addresses start with (canonical, Open Graph, hreflang,
// JSON-LD, sitemaps, robots.txt): PUBLIC_URL when configured, else the request's own.

/** PUBLIC_URL as an origin ("https://shop.example"), or an error naming what is wrong with it. */
export function parsePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL "${value}" is not a URL (write it like https://shop.example)`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`PUBLIC_URL "${value}" must start with https:// or http://`);
  // The server answers at the root of its origin, so a path would make every address wrong.
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL "${value}" must be an origin only, without a path, query or credentials`);
  }
  return url.origin;
}

// A Host header is the client's to write: only a plain host name or address with an optional
// port becomes part of an address, so no header can put markup or another scheme in a page.
const HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The origin a request was made to (without PUBLIC_URL, behind no proxy: trustProxy is off). */
export function requestOrigin(request: { protocol: string; host: string }): string {
  const host = HOST.test(request.host) ? request.host.toLowerCase() : "localhost";
  return `${request.protocol === "https" ? "https" : "http"}://${host}`;
}

export function publicOrigin(configured: string | undefined, request: { protocol: string; host: string }): string {
  return configured ?? requestOrigin(request);
}

// @vitest-environment node
// Issue 20: the forms of a page without JavaScript post to {prefix}/form/{name} and answer
// with a redirect (Post/Redirect/Get): each form's success and its effect, each failure's
// flash and the page showing its message next to its field, the cross-site and `back`
// refusals, and the HttpOnly session a plain sign-in keeps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailedCode, START_TIMEOUT_MS, signUp, startStore, type TestStore, uniqueEmail } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore({ limits: { signin: { burst: 200, perMinute: 200 }, signup: { burst: 100, perMinute: 100 } } });
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

const HOST = "shop.test";
// In stock in the demo catalog: 5 units; and a variant with none.
const SKU = "ENAMUG-WHI";
const SOLD_OUT = "LINSHI-SAN-L";

type Jar = Map<string, string>;

function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers["set-cookie"];
  return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
}

/** Keeps what the answer's cookies say, as a browser does. */
function keep(jar: Jar, headers: Record<string, unknown>): void {
  for (const line of setCookies(headers)) {
    const [pair] = line.split(";");
    const [name, ...rest] = pair!.split("=");
    if (/max-age=0/i.test(line)) jar.delete(name!.trim());
    else jar.set(name!.trim(), rest.join("="));
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function postForm(
  path: string,
  fields: Record<string, string>,
  jar: Jar = new Map(),
  headers: Record<string, string> = {},
) {
  const response = await store.server.app.inject({
    method: "POST",
    url: path,
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      "sec-fetch-site": "same-origin",
      "content-type": "application/x-www-form-urlencoded",
      ...(jar.size ? { cookie: cookieHeader(jar) } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
  keep(jar, response.headers);
  return response;
}

async function getPage(path: string, jar: Jar) {
  const response = await store.server.app.inject({
    method: "GET",
    url: path,
    headers: { host: HOST, ...(jar.size ? { cookie: cookieHeader(jar) } : {}) },
  });
  keep(jar, response.headers);
  return response;
}

/** The flash the jar holds, decoded (what the browser keeps in sf_form). */
function flashOf(jar: Jar): Record<string, unknown> {
  const raw = jar.get("sf_form");
  if (!raw) throw new Error("no flash");
  return JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Record<string, unknown>;
}

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();

/** The text of what the field named `name` is described by, when the field is marked invalid. */
function fieldMessage(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (!input?.includes('aria-invalid="true"')) return null;
  const ids = /aria-describedby="([^"]+)"/.exec(input)?.[1]?.split(" ") ?? [];
  return ids
    .map((id) => new RegExp(`<p[^>]*\\bid="${id.replace(/[:]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1])
    .filter((text): text is string => text !== undefined)
    .map(decode)
    .join(" ");
}

const cartOf = (visitorId: string) =>
  store.server.db
    .prepare("SELECT i.sku, i.quantity FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.owner = ?")
    .all(`v:${visitorId}`) as { sku: string; quantity: number }[];

describe("cart-add", () => {
  it("adds the variant to the visitor's cart and lands on the cart page of the form's language", async () => {
    const jar: Jar = new Map();
    const response = await postForm("/zh/form/cart-add", { back: "/zh/product/enamel-mug", sku: SKU, quantity: "2" }, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/zh/cart");
    // A first post without a visitor cookie is given one, and the cart is that visitor's.
    const visitor = jar.get("visitorId")!;
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(cartOf(visitor)).toEqual([{ sku: SKU, quantity: 2 }]);
    await postForm("/form/cart-add", { back: "/product/enamel-mug", sku: SKU, quantity: "1" }, jar);
    expect(cartOf(visitor)).toEqual([{ sku: SKU, quantity: 3 }]);
  });

  it("sends more than the stock back to the product page with the reason next to the quantity", async () => {
    const jar: Jar = new Map();
    const response = await postForm("/form/cart-add", { back: "/product/enamel-mug", sku: SKU, quantity: "9" }, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/product/enamel-mug");
    expect(flashOf(jar)).toMatchObject({
      name: "cart-add",
      values: { sku: SKU, quantity: "9" },
      errors: { quantity: "form.cart.notEnough" },
    });
    expect(cartOf(jar.get("visitorId")!)).toEqual([]);
    const page = await getPage("/product/enamel-mug", jar);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(fieldMessage(page.body, "quantity")).toBe("There are not that many left in stock. Choose fewer.");
    // Shown once: the page took the flash, and the next one is as before.
    expect(jar.has("sf_form")).toBe(false);
    expect(fieldMessage((await getPage("/product/enamel-mug", jar)).body, "quantity")).toBeNull();
  });

  it("says why an out-of-stock variant or a bad quantity cannot be added", async () => {
    const jar: Jar = new Map();
    const back = `/product/linen-shirt/${SOLD_OUT}`;
    await postForm("/form/cart-add", { back, sku: SOLD_OUT, quantity: "1" }, jar);
    expect(flashOf(jar)).toMatchObject({ failure: "product.addToCart.soldOut" });
    const page = await getPage(back, jar);
    expect(page.body).toMatch(/role="alert"[^>]*>This option is out of stock, so it cannot be added to the cart\.</);
    await postForm("/form/cart-add", { back: "/product/enamel-mug", sku: SKU, quantity: "lots" }, jar);
    expect(fieldMessage((await getPage("/product/enamel-mug", jar)).body, "quantity")).toBe("Choose a quantity from 1 to 5.");
  });
});

describe("refusals of every form", () => {
  it("refuses a post from another site with 403 and does nothing", async () => {
    const jar: Jar = new Map([["visitorId", "crosssitevisitor0001"]]);
    const posts: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { origin: `http://${HOST}`, "sec-fetch-site": "cross-site" },
    ];
    for (const headers of posts) {
      const response = await postForm("/form/cart-add", { back: "/", sku: SKU, quantity: "1" }, jar, headers);
      expect(response.statusCode).toBe(403);
      expect(response.headers.location).toBeUndefined();
    }
    expect(cartOf("crosssitevisitor0001")).toEqual([]);
  });

  it("refuses a `back` that is not a path of this site", async () => {
    for (const back of ["//evil.example", "https://evil.example/", "/\\evil.example", "cart"]) {
      const response = await postForm("/form/newsletter", { back, email: "no@example.com" });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
    }
  });

  it("answers 404 for an unknown form or prefix, and 415 for a body that is not a form", async () => {
    expect((await postForm("/form/nothing", { back: "/" })).statusCode).toBe(404);
    expect((await postForm("/xx-YY/form/newsletter", { back: "/" })).statusCode).toBe(404);
    const json = await store.server.app.inject({
      method: "POST",
      url: "/form/newsletter",
      headers: { host: HOST, "content-type": "application/json" },
      payload: JSON.stringify({ back: "/", email: "a@example.com" }),
    });
    expect(json.statusCode).toBe(415);
  });
});

describe("newsletter", () => {
  it("subscribes and thanks the shopper on the page it came from", async () => {
    const jar: Jar = new Map();
    const email = uniqueEmail();
    const response = await postForm("/form/newsletter", { back: "/article?page=1", email: ` ${email} ` }, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/article?page=1");
    expect(store.server.db.prepare("SELECT 1 FROM newsletter WHERE email = ?").get(email)).toBeTruthy();
    const page = await getPage("/article?page=1", jar);
    expect(page.body).toMatch(/role="status"[^>]*>Thank you! You are subscribed\.</);
  });

  it("keeps a bad address and says what is wrong with it next to the field", async () => {
    const jar: Jar = new Map();
    await postForm("/zh-HK/form/newsletter", { back: "/zh-HK", email: "mei@" }, jar);
    const page = await getPage("/zh-HK", jar);
    expect(page.body).toMatch(/<input[^>]*name="email"[^>]*value="mei@"|<input[^>]*value="mei@"[^>]*name="email"/);
    // In the page's language.
    expect(fieldMessage(page.body, "email")).toBe("電郵地址格式不正確，例如 name@example.com");
  });
});

describe("sign-in, the session cookie and sign-out", () => {
  it("sends a wrong password back with the account kept, never the password, and the errors by their fields", async () => {
    const { email } = await signUp(store);
    const jar: Jar = new Map();
    const back = "/auth/signin?redirect=%2Fcart";
    const response = await postForm("/form/signin", { back, account: email, password: "wrong-secret-9", redirect: "/cart" }, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(back);
    expect(jar.has("sf_session")).toBe(false);
    const raw = Buffer.from(jar.get("sf_form")!, "base64url").toString("utf8");
    expect(raw).not.toContain("wrong-secret-9");
    expect(flashOf(jar)).toMatchObject({ name: "signin", values: { account: email }, failure: "form.signin.incorrect" });
    expect(Object.keys(flashOf(jar).values as object)).not.toContain("password");
    const page = await getPage(back, jar);
    expect(page.body).toMatch(/class="sf-auth__failure" role="alert">The account or password is incorrect\.</);
    expect(fieldMessage(page.body, "password")).toBe("Enter your password again.");
    expect(page.body).toMatch(new RegExp(`<input[^>]*value="${email.replace(/[.]/g, "\\.")}"`));
  });

  it("checks the fields as the island does before asking the server", async () => {
    const jar: Jar = new Map();
    await postForm("/form/signin", { back: "/auth/signin", account: "", password: "" }, jar);
    const page = await getPage("/auth/signin", jar);
    expect(fieldMessage(page.body, "account")).toBe("Enter your email or mobile number");
    expect(fieldMessage(page.body, "password")).toBe("Enter your password");
  });

  it("keeps the API's sign-in throttle", async () => {
    const { email } = await signUp(store);
    const jar: Jar = new Map();
    for (let i = 0; i < 5; i++)
      await postForm("/form/signin", { back: "/auth/signin", account: email, password: "wrong-secret-9" }, jar);
    await postForm("/form/signin", { back: "/auth/signin", account: email, password: "wrong-secret-9" }, jar);
    expect(flashOf(jar)).toMatchObject({ failure: "form.signin.throttled" });
  });

  it("signs in with an HttpOnly SameSite=Lax cookie that renders the account, and signs out", async () => {
    const { email, password } = await signUp(store);
    const jar: Jar = new Map();
    const response = await postForm("/zh/form/signin", { back: "/zh/auth/signin", account: email, password }, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/zh/user/center");
    const cookie = setCookies(response.headers).find((line) => line.startsWith("sf_session="))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    const account = await getPage("/zh/user/center", jar);
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain('data-component="AccountNav"');
    // The account area's sign-out is a form that works without JavaScript.
    expect(account.body).toMatch(/<form class="sf-account-nav__signout-form" action="\/zh\/form\/signout" method="post">/);

    const out = await postForm("/zh/form/signout", { back: "/zh/user/center" }, jar);
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/zh");
    const cleared = setCookies(out.headers);
    expect(cleared.some((line) => /^sf_session=;.*Max-Age=0/.test(line))).toBe(true);
    expect(cleared.some((line) => /^sf_auth=;.*Max-Age=0/.test(line))).toBe(true);
    const token = cookie.split(";")[0]!.split("=")[1]!;
    // The token is revoked too: the old cookie no longer opens the account.
    expect((await getPage("/zh/user/center", new Map([["sf_session", token]]))).statusCode).toBe(401);
  });

  it("follows a same-site redirect after signing in, and never another site's", async () => {
    const { email, password } = await signUp(store);
    const to = await postForm("/form/signin", { back: "/auth/signin", account: email, password, redirect: "/cart?x=1" });
    expect(to.headers.location).toBe("/cart?x=1");
    const away = await postForm("/form/signin", { back: "/auth/signin", account: email, password, redirect: "//evil.example/" });
    expect(away.headers.location).toBe("/user/center");
  });

  it("clears the form session when the API signs out", async () => {
    const { token } = await signUp(store);
    const response = await store.server.app.inject({
      method: "POST",
      url: "/api/web/auth/signout",
      headers: { host: HOST, "content-type": "application/json", "x-auth": token },
      payload: "{}",
    });
    expect(response.json()).toMatchObject({ code: 0 });
    expect(setCookies(response.headers).some((line) => /^sf_session=;.*Max-Age=0/.test(line))).toBe(true);
  });
});

describe("sign-up", () => {
  it("creates the account, mails the link and goes where the island goes", async () => {
    const email = uniqueEmail();
    const response = await postForm("/form/signup", {
      back: "/auth/signup",
      account: email,
      countryCode: "",
      password: "secret123",
      firstName: "Mei",
      lastName: "Chan",
      agree: "on",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/auth/verify-prompt?sent=email&to=${encodeURIComponent(email)}`);
    expect(mailedCode(store, email)).toBeTruthy();
  });

  it("keeps what was typed and says what is missing next to its field", async () => {
    const jar: Jar = new Map();
    await postForm(
      "/form/signup",
      { back: "/auth/signup", account: "mei@example.com", password: "secret123", firstName: "", lastName: "Chan" },
      jar,
    );
    expect(Object.keys(flashOf(jar).values as object)).not.toContain("password");
    const page = await getPage("/auth/signup", jar);
    expect(fieldMessage(page.body, "firstName")).toBe("Enter your first name");
    expect(fieldMessage(page.body, "agree")).toBeTruthy();
    expect(page.body).toMatch(/<input[^>]*value="Chan"/);
  });
});

describe("favorite", () => {
  it("sends a visitor to sign in and back to the page", async () => {
    const response = await postForm("/form/favorite", { back: "/product/linen-shirt", type: "product", id: "1", action: "add" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/auth/signin?redirect=${encodeURIComponent("/product/linen-shirt")}`);
  });

  it("saves and removes for a signed-in shopper, saying so on the page", async () => {
    const { email, password, user } = await signUp(store);
    const jar: Jar = new Map();
    await postForm("/form/signin", { back: "/auth/signin", account: email, password }, jar);
    const saved = () =>
      store.server.db.prepare("SELECT item_id FROM favorites WHERE user_id = ? AND type = 'product'").all(Number(user.id));
    const added = await postForm(
      "/form/favorite",
      { back: "/product/linen-shirt", type: "product", id: "1", action: "add" },
      jar,
    );
    expect(added.headers.location).toBe("/product/linen-shirt");
    expect(saved()).toEqual([{ item_id: "1" }]);
    const page = await getPage("/product/linen-shirt", jar);
    expect(page.body).toMatch(/role="status"[^>]*>Saved to your favorites\.</);
    expect(page.body).toMatch(/name="action" value="cancel"/);
    await postForm("/form/favorite", { back: "/product/linen-shirt", type: "product", id: "1", action: "cancel" }, jar);
    expect(saved()).toEqual([]);
    // An item the store no longer has: back, saying so, and nothing saved.
    await postForm("/form/favorite", { back: "/product/linen-shirt", type: "product", id: "999999", action: "add" }, jar);
    expect(flashOf(jar)).toMatchObject({ name: "favorite", failure: "form.favorite.gone" });
    expect(saved()).toEqual([]);
  });
});

describe("confirming an account without script (issue 49 items 0 and 6)", () => {
  const linkMailedTo = (email: string) =>
    (store.server.db.prepare("SELECT link FROM outbox WHERE recipient = ? ORDER BY id DESC").get(email) as { link: string }).link;
  const verifiedOf = (email: string) =>
    (store.server.db.prepare("SELECT email_verified FROM users WHERE email = ?").get(email) as { email_verified: number })
      .email_verified;
  const signedInHeader = /class="sf-header__account sf-header__account--in"/;

  it.each([
    ["", "Your email address {email} is verified, and you are signed in. Thank you!"],
    ["/zh", "你的邮箱 {email} 已验证，你已登录。谢谢！"],
    ["/zh-HK", "你的電郵地址 {email} 已驗證，你已登入。多謝！"],
  ])(
    "opening the link confirms nothing; its button posts, signs in and says so in the page's language (%s)",
    async (prefix, done) => {
      const email = uniqueEmail();
      const signup = await postForm(`${prefix}/form/signup`, {
        back: `${prefix}/auth/signup`,
        account: email,
        password: "secret123",
        firstName: "Mei",
        lastName: "Chan",
        agree: "on",
      });
      expect(signup.statusCode).toBe(303);
      const link = linkMailedTo(email);
      expect(link.startsWith(`${prefix}/auth/verify-email?code=`)).toBe(true);
      const jar: Jar = new Map();
      // A mail scanner (or the shopper) opening the link changes nothing.
      const opened = await getPage(link, jar);
      expect(opened.statusCode).toBe(200);
      expect(verifiedOf(email)).toBe(0);
      const code = new URL(link, `http://${HOST}`).searchParams.get("code")!;
      expect(opened.body).toContain(`action="${prefix}/form/verify-email"`);
      expect(opened.body).toMatch(new RegExp(`<input type="hidden" name="code" value="${code}"/>`));
      const posted = await postForm(`${prefix}/form/verify-email`, { back: link, code }, jar);
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe(`${prefix}/auth/verify-email?verified=1`);
      expect(jar.has("sf_session")).toBe(true);
      expect(verifiedOf(email)).toBe(1);
      const page = await getPage(String(posted.headers.location), jar);
      expect(decode(/class="sf-auth__status" role="status">([^<]*)</.exec(page.body)![1]!)).toBe(done.replace("{email}", email));
      // The header agrees with the page: signed in.
      expect(page.body).toMatch(signedInHeader);
      // Used once, the link says so.
      const again = await postForm(`${prefix}/form/verify-email`, { back: link, code }, new Map());
      expect(again.headers.location).toBe(`${prefix}/auth/verify-email`);
    },
  );

  it("continues where the shopper was going when they signed up, signed in", async () => {
    const email = uniqueEmail();
    await postForm("/zh-HK/form/signup", {
      back: "/zh-HK/auth/signup?redirect=%2Fzh-HK%2Fcart",
      account: email,
      password: "secret123",
      firstName: "Mei",
      lastName: "Chan",
      agree: "on",
      redirect: "/zh-HK/cart",
    });
    const link = linkMailedTo(email);
    const url = new URL(link, `http://${HOST}`);
    expect(url.pathname).toBe("/zh-HK/auth/verify-email");
    expect(url.searchParams.get("redirect")).toBe("/zh-HK/cart");
    const jar: Jar = new Map();
    const opened = await getPage(link, jar);
    expect(opened.body).toContain('<input type="hidden" name="redirect" value="/zh-HK/cart"/>');
    const posted = await postForm(
      "/zh-HK/form/verify-email",
      { back: link, code: url.searchParams.get("code")!, redirect: "/zh-HK/cart" },
      jar,
    );
    expect(posted.headers.location).toBe("/zh-HK/cart");
    expect((await getPage("/zh-HK/cart", jar)).body).toMatch(signedInHeader);
  });

  it("never continues to another site", async () => {
    const email = uniqueEmail();
    await postForm("/form/signup", {
      back: "/auth/signup",
      account: email,
      password: "secret123",
      firstName: "Mei",
      lastName: "Chan",
      agree: "on",
    });
    const code = new URL(linkMailedTo(email), `http://${HOST}`).searchParams.get("code")!;
    const posted = await postForm("/form/verify-email", { back: "/", code, redirect: "//evil.example/x" }, new Map());
    expect(posted.headers.location).toBe("/auth/verify-email?verified=1");
  });
});

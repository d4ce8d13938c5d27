// Signing up as a shopper does: the sign-up signs nobody in, and the link mailed to the
// address (read from /dev/outbox, as a tester would) confirms it and signs in.
import type { Page } from "playwright-core";

interface OutboxMail {
  recipient: string;
  subject: string;
  link: string;
}

/** The newest link mailed to `to`, from /dev/outbox. */
export async function mailedLinkTo(base: string, to: string): Promise<string> {
  const mails = (await (await fetch(`${base}/dev/outbox?format=json`)).json()) as OutboxMail[];
  // The shop keeps email addresses in lower case.
  const mail = mails.find((m) => m.recipient === to.toLowerCase() && m.link);
  if (!mail) throw new Error(`no link was mailed to ${to}`);
  return mail.link;
}

async function call<T>(base: string, path: string, body: unknown): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${base}/api/web/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** Signs up through the API and follows the mailed link: the session token. */
export async function signUpByApi(
  base: string,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const signed = await call(base, "auth/signup", { email, password, agree: true, ...extra });
  if (signed.code !== 0) throw new Error(`sign-up failed: ${signed.msg}`);
  const code = new URL(await mailedLinkTo(base, email), base).searchParams.get("code");
  const verified = await call<{ token: string }>(base, "auth/verifyEmail", { code });
  if (verified.code !== 0) throw new Error(`verification failed: ${verified.msg}`);
  return verified.data.token;
}

/** Opens the link mailed to `email` in `page` and presses its button, which confirms the address and signs the page in. */
export async function confirmInBrowser(page: Page, base: string, email: string): Promise<void> {
  await page.goto(base + (await mailedLinkTo(base, email)));
  await page.locator('form[action$="/form/verify-email"] button[type="submit"]').click();
  await page.waitForFunction(() => (localStorage.getItem("sf.token") ?? "").length > 20);
}

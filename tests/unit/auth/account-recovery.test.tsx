// The forgotten-password, reset-password, verify-email and verify-prompt islands: their
// checks (SPEC.md §5) in three languages, the calls they make and what they say after.
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import validateForgot from "../../../generated/validators/components/ForgotPassword.js";
import validateReset from "../../../generated/validators/components/ResetPassword.js";
import validateVerifyEmail from "../../../generated/validators/components/VerifyEmail.js";
import validateVerifyPrompt from "../../../generated/validators/components/VerifyPrompt.js";
import ForgotPassword from "../../../src/components/auth/ForgotPassword";
import ResetPassword from "../../../src/components/auth/ResetPassword";
import VerifyEmail from "../../../src/components/auth/VerifyEmail";
import VerifyPrompt from "../../../src/components/auth/VerifyPrompt";
import { type Api, ApiError } from "../../../src/runtime/api/client";
import { LOCALES } from "../runtime/fakes";
import {
  button,
  click,
  describedBy,
  fakeSession,
  field,
  type Harness,
  renderIsland,
  serverFailure,
  TOKEN,
  type,
  USER,
} from "./support";

const CODE = "c".repeat(43);
const FORGOT = { signinHref: "/auth/signin" };
const RESET = { code: CODE, signinHref: "/auth/signin", forgotHref: "/auth/forget" };
const VERIFY = { code: CODE, promptHref: "/auth/verify-prompt", homeHref: "/" };
const PROMPT = { signinHref: "/auth/signin?redirect=%2Fauth%2Fverify-prompt", homeHref: "/" };

let harness: Harness | undefined;

async function open(...args: Parameters<typeof renderIsland>): Promise<Harness> {
  harness = await renderIsland(...args);
  return harness;
}

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
  vi.useRealTimers();
});

/** The error of a call the server refused with code 41 (an expired link, a cooldown). */
const refused = (call: string, msg: string) => new ApiError(call, { kind: "envelope", code: 41, msg }, { text: msg });

const text = (h: Harness, selector: string) => h.container.querySelector(selector)?.textContent ?? null;

describe("example props", () => {
  it("are valid for each component", () => {
    expect(validateForgot(FORGOT)).toBe(true);
    expect(validateReset(RESET)).toBe(true);
    expect(validateReset({ ...RESET, code: "" })).toBe(true);
    expect(validateReset({ ...RESET, code: "<script>" })).toBe(false);
    expect(validateVerifyEmail(VERIFY)).toBe(true);
    expect(validateVerifyPrompt(PROMPT)).toBe(true);
  });
});

describe("ForgotPassword", () => {
  it("asks for an email or mobile number with the messages of SPEC §5 and calls nothing", async () => {
    const h = await open(<ForgotPassword {...FORGOT} />, { url: "/auth/forget" });
    await click(button(h.container, "Send link"));
    expect(describedBy(field(h.container, "Email or mobile number"))).toBe("Enter your email or mobile number");
    await type(field(h.container, "Email or mobile number"), "mei@");
    expect(describedBy(field(h.container, "Email or mobile number"))).toBe("Enter a valid email address or mobile number");
    expect(field(h.container, "Email or mobile number").maxLength).toBe(254);
    expect(h.post).not.toHaveBeenCalled();
  });

  it.each(["zh", "zh-HK"] as const)("says so in %s", async (lang) => {
    const h = await open(<ForgotPassword {...FORGOT} />, { url: `/${lang}/auth/forget`, lang });
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    expect(text(h, ".sf-field__error")).toBe(LOCALES[lang]["validation.account.required"]);
    await type(h.container.querySelector<HTMLInputElement>("input[name=account]")!, "x@y");
    expect(text(h, ".sf-field__error")).toBe(LOCALES[lang]["validation.account.format"]);
  });

  it("sends an email address or a mobile number and says the same whatever the answer", async () => {
    const h = await open(<ForgotPassword {...FORGOT} />, { url: "/auth/forget" });
    await type(field(h.container, "Email or mobile number"), " mei@example.com ");
    await click(button(h.container, "Send link"));
    expect(h.post).toHaveBeenCalledWith("auth/forget", { email: "mei@example.com" }, { toast: false });
    expect(text(h, "[role=status]")).toBe(
      "If an account exists for mei@example.com, we sent it a link to choose a new password. The link works for 30 minutes, once.",
    );
    expect(h.container.querySelector("form")).toBeNull();
    await click(button(h.container, "Use another email or number"));
    await type(field(h.container, "Email or mobile number"), "91234567");
    // A mobile number needs its calling code: the same number may exist in two countries.
    await click(button(h.container, "Send link"));
    expect(describedBy(field(h.container, "Country calling code"))).toContain("Enter");
    expect(h.post).toHaveBeenCalledTimes(1);
    await type(field(h.container, "Country calling code"), "+852");
    await click(button(h.container, "Send link"));
    expect(h.post).toHaveBeenLastCalledWith("auth/forget", { mobile: "91234567", countryCode: "+852" }, { toast: false });
  });

  it("shows a refused call (too many requests) in an alert and keeps the form", async () => {
    const h = await open(<ForgotPassword {...FORGOT} />, { url: "/auth/forget" });
    h.post.mockRejectedValue(refused("auth/forget", "Too many requests. Try again in a minute."));
    await type(field(h.container, "Email or mobile number"), "mei@example.com");
    await click(button(h.container, "Send link"));
    expect(text(h, "[role=alert]")).toBe("Too many requests. Try again in a minute.");
    expect(field(h.container, "Email or mobile number").value).toBe("mei@example.com");
  });
});

describe("ResetPassword", () => {
  it("asks for the new password twice under the password policy", async () => {
    const h = await open(<ResetPassword {...RESET} />, { url: `/auth/reset-password?code=${CODE}` });
    await click(button(h.container, "Save the new password"));
    expect(describedBy(field(h.container, "New password"))).toBe("Enter your password | 6 to 128 characters");
    expect(describedBy(field(h.container, "Repeat the new password"))).toBe("Enter the new password again");
    await type(field(h.container, "New password"), "short");
    expect(describedBy(field(h.container, "New password"))).toContain("Password must be 6 to 128 characters");
    await type(field(h.container, "New password"), "long-enough");
    await type(field(h.container, "Repeat the new password"), "long-enougH");
    expect(describedBy(field(h.container, "Repeat the new password"))).toBe("The two passwords do not match");
    expect(field(h.container, "New password").maxLength).toBe(128);
    expect(field(h.container, "New password").getAttribute("autocomplete")).toBe("new-password");
    expect(h.post).not.toHaveBeenCalled();
  });

  it.each(["zh", "zh-HK"] as const)("says so in %s", async (lang) => {
    const h = await open(<ResetPassword {...RESET} />, { url: `/${lang}/auth/reset-password`, lang });
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    const [password, confirm] = Array.from(h.container.querySelectorAll<HTMLInputElement>("input"));
    await type(password!, "abc");
    await type(confirm!, "abd");
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    expect(Array.from(h.container.querySelectorAll(".sf-field__error")).map((p) => p.textContent)).toEqual([
      LOCALES[lang]["validation.password.length"]!.replace("{min, number}", "6").replace("{max, number}", "128"),
      LOCALES[lang]["validation.password.mismatch"],
    ]);
  });

  it("sets the password with the link's code, then goes to sign-in, which says so", async () => {
    const h = await open(<ResetPassword {...{ ...RESET, signinHref: "/zh-HK/auth/signin" }} />, {
      url: `/zh-HK/auth/reset-password?code=${CODE}`,
      lang: "zh-HK",
    });
    const [password, confirm] = Array.from(h.container.querySelectorAll<HTMLInputElement>("input"));
    await type(password!, "brand-new-1");
    await type(confirm!, "brand-new-1");
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    expect(h.post).toHaveBeenCalledWith("auth/resetPassword", { code: CODE, password: "brand-new-1" }, { toast: false });
    expect(h.navigate).toHaveBeenCalledWith("/zh-HK/auth/signin?reset=1", undefined);
  });

  it("says an expired or used link is so and offers a new one", async () => {
    const h = await open(<ResetPassword {...RESET} />, { url: `/auth/reset-password?code=${CODE}` });
    h.post.mockRejectedValue(refused("auth/resetPassword", "The reset link is wrong or has expired."));
    await type(field(h.container, "New password"), "brand-new-1");
    await type(field(h.container, "Repeat the new password"), "brand-new-1");
    await click(button(h.container, "Save the new password"));
    expect(text(h, "[role=alert]")).toBe("This link has expired or was already used. A reset link works for 30 minutes, once.");
    const link = Array.from(h.container.querySelectorAll("a")).find((a) => a.textContent === "Ask for a new link")!;
    expect(link.getAttribute("href")).toBe("/auth/forget");
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it("says a link without a code is not valid, before any call", async () => {
    const h = await open(<ResetPassword {...RESET} code="" />, { url: "/auth/reset-password" });
    expect(text(h, "[role=alert]")).toContain("This link has expired or was already used.");
    expect(h.container.querySelector("form")).toBeNull();
    expect(h.post).not.toHaveBeenCalled();
  });

  it("keeps the form for a failure that is not the link's", async () => {
    const h = await open(<ResetPassword {...RESET} />, { url: `/auth/reset-password?code=${CODE}` });
    h.post.mockRejectedValue(serverFailure("auth/resetPassword", "The server is busy. Try again in a moment."));
    await type(field(h.container, "New password"), "brand-new-1");
    await type(field(h.container, "Repeat the new password"), "brand-new-1");
    await click(button(h.container, "Save the new password"));
    expect(text(h, "[role=alert]")).toBe("The server is busy. Try again in a moment.");
    expect(field(h.container, "New password").value).toBe("brand-new-1");
  });
});

describe("VerifyEmail", () => {
  /** Opens the page with an api whose answer is known before the shopper presses the button. */
  async function openVerify(
    answer: Promise<unknown>,
    props: Parameters<typeof VerifyEmail>[0] = VERIFY,
    lang: "en" | "zh" | "zh-HK" = "en",
  ) {
    const post = vi.fn(() => answer);
    harness = await renderIsland(<VerifyEmail {...props} />, {
      url: `${lang === "en" ? "" : `/${lang}`}/auth/verify-email?code=${props.code}`,
      lang,
      services: { api: { post } as unknown as Api },
    });
    await act(async () => {});
    return { h: harness, post };
  }

  it.each([
    ["en", "/form/verify-email"],
    ["zh", "/zh/form/verify-email"],
    ["zh-HK", "/zh-HK/form/verify-email"],
  ] as const)("confirms nothing on opening: a button posts the code (%s), as a plain form too", async (lang, action) => {
    const { h, post } = await openVerify(Promise.resolve({ email: "mei@example.com", token: TOKEN, user: USER }), VERIFY, lang);
    expect(post).not.toHaveBeenCalled();
    const form = h.container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(action);
    expect(form.querySelector<HTMLInputElement>("input[name=code]")!.value).toBe(CODE);
    expect(button(h.container, LOCALES[lang]["auth.verifyEmail.confirm"]!).type).toBe("submit");
    expect(text(h, "p:not([role])")).toBe(LOCALES[lang]["auth.verifyEmail.ask"]);
  });

  it("verifies once when pressed, signs its owner in and opens the page that says so, rendered signed in", async () => {
    const { h, post } = await openVerify(Promise.resolve({ email: "mei@example.com", token: TOKEN, user: USER }));
    await click(button(h.container, "Confirm and sign in"));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith("auth/verifyEmail", { code: CODE }, { toast: false });
    expect(h.session.signIn).toHaveBeenCalledWith(TOKEN, USER);
    expect(h.navigate).toHaveBeenCalledWith("/auth/verify-email?verified=1", undefined);
  });

  it("continues where the shopper was going when they signed up", async () => {
    const { h } = await openVerify(
      Promise.resolve({ email: "mei@example.com", token: TOKEN, user: USER }),
      { ...VERIFY, promptHref: "/zh-HK/auth/verify-prompt", homeHref: "/zh-HK/", redirect: "/zh-HK/checkout/cart" },
      "zh-HK",
    );
    expect(h.container.querySelector<HTMLInputElement>("input[name=redirect]")!.value).toBe("/zh-HK/checkout/cart");
    await click(button(h.container, LOCALES["zh-HK"]["auth.verifyEmail.confirm"]!));
    expect(h.navigate).toHaveBeenCalledWith("/zh-HK/checkout/cart", undefined);
  });

  it("says what was confirmed once the shopper is signed in", async () => {
    const { h, post } = await openVerify(Promise.resolve(null), {
      ...VERIFY,
      code: "",
      verified: { address: "mei@example.com", mobile: false },
    });
    expect(post).not.toHaveBeenCalled();
    expect(text(h, "[role=status]")).toBe("Your email address mei@example.com is verified, and you are signed in. Thank you!");
    expect(h.container.querySelector("form")).toBeNull();
    expect(Array.from(h.container.querySelectorAll("a")).map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Continue shopping", "/"],
    ]);
  });

  it("says it is verifying while the answer is on its way", async () => {
    const { h } = await openVerify(new Promise(() => {}));
    await click(button(h.container, "Confirm and sign in"));
    expect(text(h, "[role=status]")).toBe("Verifying your email address…");
  });

  it("says an expired or used link is so, in zh-HK, and leads to a new one", async () => {
    const refusal = Promise.reject(refused("auth/verifyEmail", "The verification link is wrong or has expired."));
    // Handled when the button is pressed, not before.
    refusal.catch(() => undefined);
    const { h } = await openVerify(refusal, { ...VERIFY, promptHref: "/zh-HK/auth/verify-prompt" }, "zh-HK");
    await click(button(h.container, LOCALES["zh-HK"]["auth.verifyEmail.confirm"]!));
    expect(text(h, "[role=alert]")).toBe(LOCALES["zh-HK"]["auth.verifyEmail.expired"]);
    expect(Array.from(h.container.querySelectorAll("a")).map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      [LOCALES["zh-HK"]["auth.verifyEmail.newLink"], "/zh-HK/auth/verify-prompt"],
    ]);
  });

  it("says a link without a code is not valid, without a call or a button", async () => {
    const { h, post } = await openVerify(Promise.resolve({ email: "x@example.com", token: TOKEN, user: USER }), {
      ...VERIFY,
      code: "",
    });
    expect(post).not.toHaveBeenCalled();
    expect(h.container.querySelector("form")).toBeNull();
    expect(text(h, "[role=alert]")).toBe("This verification link has expired or was already used.");
    const link = Array.from(h.container.querySelectorAll("a")).find((a) => a.textContent === "Send a new link")!;
    expect(link.getAttribute("href")).toBe("/auth/verify-prompt");
  });
});

describe("VerifyPrompt", () => {
  const signedIn = (emailVerified = false) => fakeSession({ signedIn: true, user: { ...USER, emailVerified } });

  it("says where the link went after sign-up, counts the minute down, then sends again to that address", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const h = await open(<VerifyPrompt {...PROMPT} />, {
      url: "/auth/verify-prompt?sent=email&to=mei%40example.com&redirect=%2Fcheckout",
    });
    expect(text(h, ".sf-auth__intro")).toBe(
      "We sent a link to mei@example.com. Open it to confirm the address and sign in; it works for 24 hours.",
    );
    const resend = () => h.container.querySelector<HTMLButtonElement>("button")!;
    expect(resend().textContent).toBe("Send again in 60 seconds");
    expect(resend().disabled).toBe(true);
    expect(
      Array.from(h.container.querySelectorAll("a"))
        .find((a) => a.textContent === "Continue")!
        .getAttribute("href"),
    ).toBe("/checkout");
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(resend().textContent).toBe("Send again in 1 second");
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(resend().textContent).toBe("Send again");
    expect(resend().disabled).toBe(false);
    await click(resend());
    expect(h.post).toHaveBeenCalledWith("auth/sendVerifyEmail", { email: "mei@example.com" }, { toast: false });
    expect(text(h, "[role=status]")).toBe("We sent a new link to mei@example.com.");
    expect(resend().textContent).toBe("Send again in 60 seconds");
  });

  it("after a sign-up by mobile, names the number and sends again to it", async () => {
    const h = await open(<VerifyPrompt {...PROMPT} />, { url: "/auth/verify-prompt?sent=mobile&to=91234567&cc=%2B852" });
    expect(text(h, ".sf-auth__intro")).toBe(
      "We sent a text message with a link to +852 91234567. Open it to confirm the number and sign in; it works for 24 hours.",
    );
    await act(async () => {});
    const resend = h.container.querySelector<HTMLButtonElement>("button")!;
    expect(resend.disabled).toBe(true);
  });

  it("sends a signed-in shopper's unverified address a new link", async () => {
    const h = await open(<VerifyPrompt {...PROMPT} />, { url: "/auth/verify-prompt", session: signedIn() });
    expect(text(h, ".sf-auth__intro")).toBe(
      "We sent a link to mei@example.com. Open it to confirm the address and sign in; it works for 24 hours.",
    );
    await click(button(h.container, "Send again"));
    expect(h.post).toHaveBeenCalledWith("auth/sendVerifyEmail", {}, { toast: false });
  });

  it("shows the server's refusal (its own cooldown) in an alert", async () => {
    const h = await open(<VerifyPrompt {...PROMPT} />, { url: "/auth/verify-prompt", session: signedIn() });
    h.post.mockRejectedValue(refused("auth/sendVerifyEmail", "A link was sent a moment ago. Try again in 12 seconds."));
    await click(button(h.container, "Send again"));
    expect(text(h, "[role=alert]")).toBe("A link was sent a moment ago. Try again in 12 seconds.");
  });

  it("says a verified address is verified, without a send button", async () => {
    const h = await open(<VerifyPrompt {...PROMPT} />, {
      url: "/auth/verify-prompt",
      session: signedIn(true),
    });
    expect(text(h, ".sf-auth__intro")).toBe("Your email address mei@example.com is verified.");
    expect(h.container.querySelector("button")).toBeNull();
  });

  it.each(["zh", "zh-HK"] as const)("asks a signed-out shopper to sign in for a new link, in %s", async (lang) => {
    const h = await open(<VerifyPrompt {...PROMPT} />, { url: `/${lang}/auth/verify-prompt`, lang });
    expect(text(h, ".sf-auth__intro")).toBe(LOCALES[lang]["auth.verifyPrompt.sent"]);
    const links = Array.from(h.container.querySelectorAll("a")).map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      [LOCALES[lang]["auth.verifyPrompt.signin"], PROMPT.signinHref],
      [LOCALES[lang]["auth.verifyPrompt.continue"], `/${lang}`],
    ]);
  });
});

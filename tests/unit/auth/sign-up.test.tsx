import { afterEach, describe, expect, it } from "vitest";
import validate from "../../../generated/validators/components/SignUp.js";
import SignUp from "../../../src/components/auth/SignUp";
import { LOCALES } from "../runtime/fakes";
import { button, click, describedBy, field, type Harness, renderIsland, serverFailure, type } from "./support";

const PROPS = { signinHref: "/auth/signin", privacyHref: "/page/privacy", termsHref: "/page/terms" };
let harness: Harness | undefined;

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
});

async function open(url = "/auth/signup", lang: "en" | "zh" | "zh-HK" = "en") {
  harness = await renderIsland(<SignUp {...PROPS} />, { url, lang });
  return harness;
}

const agreeBox = (h: Harness) => h.container.querySelector<HTMLInputElement>("input[type=checkbox]")!;

async function fillAll(h: Harness, account = "new@example.com") {
  await type(field(h.container, "Email or mobile number"), account);
  await type(field(h.container, "Password"), "secret1");
  await type(field(h.container, "First name"), "Mei");
  await type(field(h.container, "Last name"), "Chan");
  await click(agreeBox(h));
}

describe("SignUp", () => {
  it("has valid example props", () => {
    expect(validate(PROPS)).toBe(true);
  });

  it("labels the agreement box, whose text links to the policy and the terms", async () => {
    const h = await open();
    const box = agreeBox(h);
    const label = h.container.querySelector(`label[for="${box.id}"]`)!;
    expect(label.textContent).toBe("I agree to the Privacy Policy and Terms of Service");
    expect(Array.from(label.querySelectorAll("a")).map((a) => a.getAttribute("href"))).toEqual(["/page/privacy", "/page/terms"]);
    expect(button(h.container, "Sign up").type).toBe("submit");
  });

  it("shows every rule's message of SPEC §5 and calls nothing", async () => {
    const h = await open();
    await click(button(h.container, "Sign up"));
    expect(describedBy(field(h.container, "Email or mobile number"))).toBe(
      "Enter your email or mobile number | You sign in with it, and order updates go to it.",
    );
    expect(describedBy(field(h.container, "Password"))).toBe("Enter your password | 6 to 128 characters");
    expect(describedBy(field(h.container, "First name"))).toBe("Enter your first name");
    expect(describedBy(field(h.container, "Last name"))).toBe("Enter your last name");
    expect(describedBy(agreeBox(h))).toBe("Please agree to the Privacy Policy and Terms of Service first");
    expect(document.activeElement).toBe(field(h.container, "Email or mobile number"));

    await type(field(h.container, "Email or mobile number"), "mei@");
    await type(field(h.container, "Password"), "x".repeat(5));
    expect(describedBy(field(h.container, "Email or mobile number"))).toContain("Enter a valid email address or mobile number");
    expect(describedBy(field(h.container, "Password"))).toContain("Password must be 6 to 128 characters");
    expect(h.post).not.toHaveBeenCalled();
  });

  it("asks for the calling code of a mobile number", async () => {
    const h = await open();
    expect(() => field(h.container, "Country calling code")).toThrow();
    await type(field(h.container, "Email or mobile number"), "91234567");
    await click(button(h.container, "Sign up"));
    expect(describedBy(field(h.container, "Country calling code"))).toContain("Enter a country calling code");
    await type(field(h.container, "Country calling code"), "852x");
    expect(describedBy(field(h.container, "Country calling code"))).toContain(
      "Enter a calling code: an optional + and 1 to 4 digits",
    );
  });

  it("takes its limits from the sign-up request's schema", async () => {
    const h = await open();
    expect(field(h.container, "Email or mobile number").maxLength).toBe(254);
    expect(field(h.container, "Password").maxLength).toBe(128);
    expect(field(h.container, "First name").maxLength).toBe(100);
    expect(field(h.container, "Last name").maxLength).toBe(100);
    expect(describedBy(field(h.container, "Password"))).toBe("6 to 128 characters");
  });

  it("checks what it would send: a too long password, a mobile number's calling code, a spaced password", async () => {
    const h = await open();
    await fillAll(h, "0800123");
    await type(field(h.container, "Password"), "x".repeat(129));
    await click(button(h.container, "Sign up"));
    expect(describedBy(field(h.container, "Email or mobile number"))).toContain("Enter a valid email address or mobile number");
    expect(describedBy(field(h.container, "Country calling code"))).toContain("Enter a country calling code");
    expect(describedBy(field(h.container, "Password"))).toContain("Password must be 6 to 128 characters");
    await type(field(h.container, "Password"), "      ");
    expect(describedBy(field(h.container, "Password"))).toBe("6 to 128 characters");
    expect(h.post).not.toHaveBeenCalled();
  });

  it("says when a field has reached its limit", async () => {
    const h = await open();
    await type(field(h.container, "First name"), "a".repeat(100));
    expect(describedBy(field(h.container, "First name"))).toBe("You have reached the limit of 100 characters");
  });

  it.each(["zh", "zh-HK"] as const)("has every message in %s", async (lang) => {
    const h = await open(`/${lang}/auth/signup`, lang);
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    const messages = Array.from(h.container.querySelectorAll(".sf-field__error")).map((p) => p.textContent);
    expect(messages).toEqual([
      LOCALES[lang]["validation.account.required"],
      LOCALES[lang]["validation.password.required"],
      LOCALES[lang]["validation.firstName.required"],
      LOCALES[lang]["validation.lastName.required"],
      LOCALES[lang]["validation.agreeTerms"],
    ]);
  });

  it("creates the account without signing in and shows where the link went, keeping redirect", async () => {
    const h = await open("/zh-HK/auth/signup?redirect=%2Fzh-HK%2Fcheckout", "zh-HK");
    h.post.mockResolvedValue({ channel: "email" });
    const inputs = Array.from(h.container.querySelectorAll<HTMLInputElement>("input:not([type=checkbox]):not([type=hidden])"));
    for (const [input, value] of [
      [inputs[0], "new@example.com"],
      [inputs[1], "secret1"],
      [inputs[2], "Mei"],
      [inputs[3], "Chan"],
    ] as const) {
      await type(input!, value);
    }
    await click(agreeBox(h));
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    expect(h.post).toHaveBeenCalledWith(
      "auth/signup",
      // The mailed link carries where the shopper was going, so that confirming continues there.
      {
        email: "new@example.com",
        password: "secret1",
        firstName: "Mei",
        lastName: "Chan",
        agree: true,
        redirect: "/zh-HK/checkout",
      },
      { toast: false },
    );
    expect(h.session.signIn).not.toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledWith(
      "/zh-HK/auth/verify-prompt?sent=email&to=new%40example.com&redirect=%2Fzh-HK%2Fcheckout",
      undefined,
    );
  });

  it("sends a mobile number with its calling code", async () => {
    const h = await open();
    h.post.mockResolvedValue({ channel: "mobile" });
    await fillAll(h, "+85291234567");
    await type(field(h.container, "Country calling code"), "+852");
    await click(button(h.container, "Sign up"));
    expect(h.post.mock.calls[0]![1]).toMatchObject({ mobile: "+85291234567", countryCode: "+852" });
    expect(h.navigate).toHaveBeenCalledWith("/auth/verify-prompt?sent=mobile&to=%2B85291234567&cc=%2B852", undefined);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const h = await open();
    h.post.mockRejectedValue(serverFailure("auth/signup", "Too many sign-ups from this address. Try again later."));
    await fillAll(h);
    await click(button(h.container, "Sign up"));
    expect(h.container.querySelector("[role=alert]")!.textContent).toBe("Too many sign-ups from this address. Try again later.");
    expect(h.session.signIn).not.toHaveBeenCalled();
    expect(field(h.container, "First name").value).toBe("Mei");
    expect(agreeBox(h).checked).toBe(true);
  });
});

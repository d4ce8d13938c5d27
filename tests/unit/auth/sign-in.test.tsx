import { act } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import validate from "../../../generated/validators/components/SignIn.js";
import SignIn from "../../../src/components/auth/SignIn";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { button, click, describedBy, field, type Harness, renderIsland, serverFailure, TOKEN, type, USER } from "./support";

const PROPS = { signupHref: "/auth/signup", forgotHref: "/auth/forget" };
let harness: Harness | undefined;

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
});

async function open(url = "/auth/signin", lang: "en" | "zh" | "zh-HK" = "en") {
  harness = await renderIsland(<SignIn {...PROPS} />, { url, lang });
  return harness;
}

async function fill(h: Harness, account: string, password: string) {
  await type(field(h.container, "Email or mobile number"), account);
  await type(field(h.container, "Password"), password);
}

describe("SignIn", () => {
  it("has valid example props", () => {
    expect(validate(PROPS)).toBe(true);
  });

  it("labels every control and links to sign-up (keeping redirect) and forgot password", async () => {
    const h = await open("/auth/signin?redirect=%2Fcheckout");
    expect(h.container.querySelector("h1")!.textContent).toBe("Sign in");
    expect(field(h.container, "Email or mobile number").getAttribute("autocomplete")).toBe("username");
    expect(field(h.container, "Password").type).toBe("password");
    expect(button(h.container, "Sign in").type).toBe("submit");
    const links = Array.from(h.container.querySelectorAll("a")).map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Forgot your password?", "/auth/forget"],
      ["Create an account", "/auth/signup?redirect=%2Fcheckout"],
    ]);
  });

  it("shows each rule's message on the field, focuses the first, and calls nothing", async () => {
    const h = await open();
    const account = field(h.container, "Email or mobile number");
    const password = field(h.container, "Password");
    await click(button(h.container, "Sign in"));
    expect(describedBy(account)).toBe("Enter your email or mobile number");
    expect(describedBy(password)).toBe("Enter your password");
    expect(account.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(account);

    await fill(h, "not an account", "12345");
    await click(button(h.container, "Sign in"));
    expect(describedBy(account)).toBe("Enter a valid email address or mobile number");
    expect(describedBy(password)).toBe("Password must be 6 to 128 characters");
    expect(h.post).not.toHaveBeenCalled();
    // What was typed stays.
    expect(account.value).toBe("not an account");
  });

  it("takes the account's length from the sign-in schema and the password rule from the account's policy", async () => {
    const h = await open();
    const account = field(h.container, "Email or mobile number");
    const password = field(h.container, "Password");
    expect(account.maxLength).toBe(254);
    expect(password.maxLength).toBe(128);
    await fill(h, `${"a".repeat(250)}@b.co`, "x".repeat(129));
    await click(button(h.container, "Sign in"));
    // Typed in by script past the inputs' limits, which say so too.
    expect(describedBy(account)).toBe(
      "Enter a valid email address or mobile number | You have reached the limit of 254 characters",
    );
    expect(describedBy(password)).toBe("Password must be 6 to 128 characters | You have reached the limit of 128 characters");
    await fill(h, "0800123", "      ");
    expect(describedBy(account)).toBe("Enter a valid email address or mobile number");
    expect(describedBy(password)).toBe("");
    await type(account, "  ");
    expect(describedBy(account)).toBe("Enter your email or mobile number");
    expect(h.post).not.toHaveBeenCalled();
  });

  it("clears a message as soon as the field is right", async () => {
    const h = await open();
    const account = field(h.container, "Email or mobile number");
    await click(button(h.container, "Sign in"));
    await type(account, "+85291234567");
    expect(describedBy(account)).toBe("");
    expect(account.hasAttribute("aria-invalid")).toBe(false);
  });

  it("speaks the visitor's language", async () => {
    const h = await open("/zh/auth/signin", "zh");
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    const [account, password] = Array.from(h.container.querySelectorAll<HTMLInputElement>("input:not([type=hidden])"));
    expect(describedBy(account!)).not.toBe("");
    expect(describedBy(account!)).not.toMatch(/[a-z]/);
    expect(describedBy(password!)).not.toMatch(/[a-z]/);
  });

  it("signs in through the session and follows a same-origin redirect", async () => {
    const h = await open("/auth/signin?redirect=%2Fcheckout%3Fstep%3D2");
    h.post.mockResolvedValue({ token: TOKEN, user: USER });
    await fill(h, " mei@example.com ", "secret1");
    await click(button(h.container, "Sign in"));
    expect(h.post).toHaveBeenCalledWith("auth/signin", { account: "mei@example.com", password: "secret1" }, { toast: false });
    expect(h.session.signIn).toHaveBeenCalledWith(TOKEN, USER);
    expect(h.navigate).toHaveBeenCalledWith("/checkout?step=2", undefined);
  });

  it("keeps what was typed before the form hydrated", async () => {
    const h = await open();
    const html = renderToString(
      <IslandProviders context={{ locale: "en", messages: en, path: "/auth/signin" }}>
        <SignIn {...PROPS} />
      </IslandProviders>,
    );
    await h.unmount();
    harness = await renderIsland(<SignIn {...PROPS} />, {
      serverHtml: html,
      beforeHydrate: (container) => {
        const input = container.querySelector<HTMLInputElement>("input[name=account]")!;
        input.value = "early@example.com";
      },
    });
    expect(field(harness.container, "Email or mobile number").value).toBe("early@example.com");
    harness.post.mockResolvedValue({ token: TOKEN, user: USER });
    await type(field(harness.container, "Password"), "secret1");
    await click(button(harness.container, "Sign in"));
    expect(harness.post).toHaveBeenCalledWith(
      "auth/signin",
      { account: "early@example.com", password: "secret1" },
      { toast: false },
    );
  });

  it("says the password changed when a reset sent the shopper here, and nothing otherwise", async () => {
    const h = await open("/zh-HK/auth/signin?reset=1", "zh-HK");
    expect(h.container.querySelector("[role=status]")!.textContent).toBe("密碼已更改，請以新密碼登入。");
    await h.unmount();
    harness = await renderIsland(<SignIn {...PROPS} />, { url: "/auth/signin" });
    expect(harness.container.querySelector("[role=status]")).toBeNull();
  });

  it("goes home, keeping the language prefix, when redirect points elsewhere", async () => {
    const h = await open("/zh-HK/auth/signin?redirect=https%3A%2F%2Fevil.example%2F", "zh-HK");
    h.post.mockResolvedValue({ token: TOKEN, user: USER });
    const [account, password] = Array.from(h.container.querySelectorAll<HTMLInputElement>("input:not([type=hidden])"));
    await type(account!, "mei@example.com");
    await type(password!, "secret1");
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    expect(h.navigate).toHaveBeenCalledWith("/zh-HK", undefined);
  });

  it("announces a refused sign-in in an alert and keeps the form", async () => {
    const h = await open();
    h.post.mockRejectedValue(serverFailure("auth/signin", "The account or password is incorrect."));
    await fill(h, "mei@example.com", "wrong-password");
    await click(button(h.container, "Sign in"));
    expect(h.container.querySelector("[role=alert]")!.textContent).toBe("The account or password is incorrect.");
    expect(h.session.signIn).not.toHaveBeenCalled();
    expect(h.navigate).not.toHaveBeenCalled();
    expect(field(h.container, "Password").value).toBe("wrong-password");
    expect(button(h.container, "Sign in").disabled).toBe(false);
  });

  it("says an unknown error when the call fails without a message", async () => {
    const h = await open();
    h.post.mockRejectedValue(new TypeError("offline"));
    await fill(h, "mei@example.com", "secret1");
    await click(button(h.container, "Sign in"));
    expect(h.container.querySelector("[role=alert]")!.textContent).toBe("An unknown error occurred.");
  });

  it("sends one request however often the button is pressed while it runs", async () => {
    const h = await open();
    let finish!: (value: unknown) => void;
    h.post.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await fill(h, "mei@example.com", "secret1");
    const submit = button(h.container, "Sign in");
    await click(submit);
    await act(async () => submit.form!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true })));
    expect(h.post).toHaveBeenCalledTimes(1);
    await act(async () => finish({ token: TOKEN, user: USER }));
    expect(h.navigate).toHaveBeenCalledTimes(1);
  });
});

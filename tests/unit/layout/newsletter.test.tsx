import { afterEach, describe, expect, it } from "vitest";
import validate from "../../../generated/validators/components/Newsletter.js";
import Newsletter from "../../../src/components/layout/Newsletter";
import { button, click, describedBy, field, type Harness, renderIsland, serverFailure, type } from "../auth/support";

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
});

async function open(lang: "en" | "zh" = "en") {
  harness = await renderIsland(<Newsletter />, { url: lang === "en" ? "/" : `/${lang}/`, lang });
  return harness;
}

const status = (h: Harness) => h.container.querySelector("[role=status]")!.textContent;

describe("Newsletter", () => {
  it("has valid example props", () => {
    expect(validate({ title: "Join our newsletter" })).toBe(true);
    expect(validate({ title: 5 })).toBe(false);
  });

  it("checks the address before sending it", async () => {
    const h = await open();
    const email = field(h.container, "Email address");
    await click(button(h.container, "Subscribe"));
    expect(describedBy(email)).toBe("Enter your email address");
    await type(email, "mei@example");
    expect(describedBy(email)).toBe("Enter a valid email address, like name@example.com");
    expect(document.activeElement).toBe(email);
    expect(h.post).not.toHaveBeenCalled();
  });

  it("takes the address's length and shape from the subscribe request's schema", async () => {
    const h = await open();
    const email = field(h.container, "Email address");
    expect(email.maxLength).toBe(254);
    await type(email, "   ");
    await click(button(h.container, "Subscribe"));
    expect(describedBy(email)).toBe("Enter your email address");
    await type(email, `${"a".repeat(250)}@b.co`);
    expect(describedBy(email)).toBe(
      "Enter a valid email address, like name@example.com | You have reached the limit of 254 characters",
    );
    await type(email, "a+tag@b.co");
    expect(describedBy(email)).toBe("Enter a valid email address, like name@example.com");
    await type(email, "first.last@shop.example.com");
    expect(describedBy(email)).toBe("");
    expect(h.post).not.toHaveBeenCalled();
  });

  it("says it in the page's language", async () => {
    const h = await open("zh");
    await click(h.container.querySelector<HTMLButtonElement>("button[type=submit]")!);
    expect(describedBy(h.container.querySelector("input[name=email]")!)).toBe("请输入邮箱地址");
  });

  it("subscribes, says so, and empties the field", async () => {
    const h = await open();
    await type(field(h.container, "Email address"), " mei@example.com ");
    await click(button(h.container, "Subscribe"));
    expect(h.post).toHaveBeenCalledWith("newsletter/subscribe", { email: "mei@example.com" }, { toast: false });
    expect(status(h)).toBe("Thank you! You are subscribed.");
    expect(field(h.container, "Email address").value).toBe("");
  });

  it("says why it failed and keeps the address", async () => {
    const h = await open();
    h.post.mockRejectedValue(serverFailure("newsletter/subscribe", "Try again later."));
    await type(field(h.container, "Email address"), "mei@example.com");
    await click(button(h.container, "Subscribe"));
    expect(status(h)).toBe("Try again later.");
    expect(field(h.container, "Email address").value).toBe("mei@example.com");
    expect(button(h.container, "Subscribe").disabled).toBe(false);
  });

  it("speaks the page's language", async () => {
    const h = await open("zh");
    expect(h.container.querySelector("h2")!.textContent).toBe("订阅我们的电子报");
  });
});

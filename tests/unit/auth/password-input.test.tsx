import { afterEach, describe, expect, it } from "vitest";
import SignIn from "../../../src/components/auth/SignIn";
import { button, click, field, type Harness, renderIsland, type } from "./support";

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
});

describe("PasswordInput", () => {
  it("shows and hides the password with one labelled toggle button, keeping the value", async () => {
    harness = await renderIsland(<SignIn signupHref="/auth/signup" forgotHref="/auth/forget" />);
    const input = field(harness.container, "Password");
    const toggle = button(harness.container, "Show password");
    await type(input, "secret1");
    expect(toggle.type).toBe("button");
    expect([input.type, toggle.getAttribute("aria-pressed")]).toEqual(["password", "false"]);
    await click(toggle);
    expect([input.type, toggle.getAttribute("aria-pressed")]).toEqual(["text", "true"]);
    expect(input.value).toBe("secret1");
    await click(toggle);
    expect([input.type, toggle.getAttribute("aria-pressed")]).toEqual(["password", "false"]);
    // The toggle is not a submit: the form sent nothing.
    expect(harness.post).not.toHaveBeenCalled();
  });

  it("keeps at most 128 characters", async () => {
    harness = await renderIsland(<SignIn signupHref="/auth/signup" forgotHref="/auth/forget" />);
    expect(field(harness.container, "Password").maxLength).toBe(128);
  });
});

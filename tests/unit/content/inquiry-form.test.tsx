// The inquiry form persists across navigations (its template's `persist`): its props change under
// it, and it follows them: a confirmation comes and goes with the address's `sent`, another
// product or kind of form starts afresh.
import { act, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { InquiryFormProps } from "../../../generated/types";
import InquiryForm from "../../../src/components/content/InquiryForm";
import { byLabel, fakeApi, type Rendered, renderIsland, type } from "../checkout/support";

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

let setProps: (props: InquiryFormProps) => void = () => {};
function Navigated(props: { initial: InquiryFormProps }) {
  const [current, set] = useState(props.initial);
  setProps = set;
  return <InquiryForm {...current} />;
}
const navigateTo = (props: InquiryFormProps) => act(async () => setProps(props));

const done = () => view!.container.querySelector(".sf-inquiry--done");

describe("InquiryForm kept across navigations", () => {
  it("shows the confirmation while the address has it, and the form again when it goes", async () => {
    const { api } = fakeApi({});
    view = await renderIsland(
      <Navigated initial={{ kind: "quote", productSlug: "linen-shirt", reference: "Q20261123ABC123" }} />,
      {
        api,
      },
    );
    expect(done()?.textContent).toContain("Q20261123ABC123");
    await navigateTo({ kind: "quote", productSlug: "linen-shirt" });
    expect(done()).toBeNull();
    expect(view.container.querySelector("form")).not.toBeNull();
    await navigateTo({ kind: "quote", productSlug: "linen-shirt", reference: "Q20261123XYZ789" });
    expect(done()?.textContent).toContain("Q20261123XYZ789");
  });

  it("keeps what was typed on the same form, and starts afresh for another product", async () => {
    const { api } = fakeApi({});
    view = await renderIsland(<Navigated initial={{ kind: "quote", productSlug: "linen-shirt" }} />, { api });
    await type(byLabel<HTMLInputElement>(view.container, "Name"), "Mei Chan");
    await navigateTo({ kind: "quote", productSlug: "linen-shirt", title: "Ask for a quote" });
    expect(byLabel<HTMLInputElement>(view.container, "Name").value).toBe("Mei Chan");
    await navigateTo({ kind: "quote", productSlug: "wool-scarf" });
    expect(byLabel<HTMLInputElement>(view.container, "Name").value).toBe("");
  });
});

// The address book island: what the server rendered, make default and the two-step delete
// through the address calls, and what it says afterwards.
import { afterEach, describe, expect, it } from "vitest";
import type { Address } from "../../../generated/types";
import AddressBook from "../../../src/components/account/AddressBook";
import { byText, click, fakeApi, type Rendered, refusal, renderIsland } from "../checkout/support";

const HOME: Address = {
  id: 1,
  country: "HK",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
  isDefault: true,
};
const WORK: Address = {
  ...HOME,
  id: 2,
  country: "GB",
  city: "London",
  firstName: "Ka",
  lastName: "Wong",
  countryCode: "+44",
  isDefault: false,
};

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const status = () => view!.container.querySelector('[role="status"]')!.textContent;
const cards = () => Array.from(view!.container.querySelectorAll("li")).map((li) => li.textContent);

describe("AddressBook", () => {
  it("lists the addresses with their country named, the default marked", async () => {
    const { api } = fakeApi({});
    view = await renderIsland(<AddressBook addresses={[HOME, WORK]} />, { api });
    expect(cards()[0]).toContain("Mei Chan");
    expect(cards()[0]).toContain("Default");
    expect(cards()[1]).toContain("London, United Kingdom");
    expect(cards()[1]).toContain("+44 91234567");
  });

  it("makes another address the default", async () => {
    const { api, post } = fakeApi({
      "address/setDefault": () => ({
        items: [
          { ...WORK, isDefault: true },
          { ...HOME, isDefault: false },
        ],
      }),
    });
    view = await renderIsland(<AddressBook addresses={[HOME, WORK]} />, { api });
    await click(byText(view.container, "button", "Make default Ka Wong"));
    expect(post).toHaveBeenCalledWith("address/setDefault", { id: 2 }, { toast: false });
    expect(cards()[0]).toContain("Ka Wong");
    expect(status()).toBe("Ka Wong's address is now the default.");
  });

  it("deletes only once asked twice, and shows a refusal", async () => {
    const { api, post } = fakeApi({
      "address/delete": () => {
        throw refusal("address/delete", "The address was not found.");
      },
    });
    view = await renderIsland(<AddressBook addresses={[HOME, WORK]} />, { api });
    await click(byText(view.container, "button", "Delete Ka Wong"));
    expect(post).not.toHaveBeenCalled();
    await click(byText(view.container, "button", "Keep it"));
    await click(byText(view.container, "button", "Delete Ka Wong"));
    await click(byText(view.container, "button", "Yes, delete Ka Wong"));
    expect(post).toHaveBeenCalledWith("address/delete", { id: 2 }, { toast: false });
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe("The address was not found.");
    expect(cards()).toHaveLength(2);
  });
});

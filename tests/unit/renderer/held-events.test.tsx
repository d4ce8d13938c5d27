// What the shopper does to an island while it mounts: clicks on its buttons and its forms'
// submissions are held and given back once it has mounted (to React's handlers), or, when its
// code could not load, to the plain HTML; links act at once; an island thrown away forgets them.
import { type FormEvent, useState } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import type { Registry, RegistryEntry } from "../../../src/registry/types";
import { createRenderer } from "../../../src/renderer/islands";
import { island, makeRegistry } from "./fixtures";

let region: HTMLElement;
let logger: { warn: Mock<(message: string) => void> };
/** What reached the document unhandled: submissions the browser would send, and clicks. */
let reached: string[];
const record = (event: Event) => {
  if (!event.defaultPrevented) reached.push(`${event.type}:${(event.target as Element).id}`);
};
const posts = () => reached.filter((r) => r.startsWith("submit:"));

beforeEach(() => {
  document.body.innerHTML = `<main id="page-body"></main>`;
  region = document.getElementById("page-body")!;
  logger = { warn: vi.fn<(message: string) => void>() };
  reached = [];
  document.addEventListener("submit", record);
  document.addEventListener("click", record);
});

afterEach(() => {
  document.removeEventListener("submit", record);
  document.removeEventListener("click", record);
  vi.unstubAllGlobals();
});

const stateOf = (selector: string) => region.querySelector(selector)!.getAttribute("data-island");
const settle = (selector: string, state: string) => vi.waitFor(() => expect(stateOf(selector)).toBe(state));

/** A form with a plain post (its server HTML) that, hydrated, counts its sends in the page. */
function Subscribe() {
  const [sent, setSent] = useState(0);
  const [opened, setOpened] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent((n) => n + 1);
  };
  return (
    <form id="form" method="post" action="/form/subscribe" onSubmit={onSubmit}>
      <input id="email" name="email" />
      <button id="send" type="submit">
        sent {sent}
      </button>
      <a id="link" href="#elsewhere">
        elsewhere
      </a>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: stands for the product's pictures, which open the viewer on a click and have their own keys. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above. */}
      <div id="picture" data-hold-click="" onClick={() => setOpened(true)}>
        {opened ? "opened" : "closed"}
      </div>
    </form>
  );
}

/** A registry whose Subscribe island loads when `release` is called (or fails, with `fail`). */
function gatedRegistry() {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  const entry: RegistryEntry = {
    load: vi.fn(async () => {
      await gate;
      return { default: Subscribe as unknown as Awaited<ReturnType<RegistryEntry["load"]>>["default"] };
    }),
    validator: makeRegistry().Counter!.validator,
    hydrate: "interaction",
  };
  const registry: Registry = { ...makeRegistry(), Subscribe: entry };
  return { registry, release: () => release(), fail: (error: Error) => fail(error) };
}

/** The island on the page, and the press that starts it, as a pointer or finger comes down on its button. */
async function pressedIsland(registry: Registry) {
  region.innerHTML = island("Subscribe", {}, { id: "a", "data-ssr": "" }, renderToString(<Subscribe />));
  const renderer = createRenderer({ registry, logger });
  await renderer.mountRegion(region);
  region.querySelector("#send")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  return renderer;
}

describe("events while an island mounts", () => {
  it("gives a click on a button, made before the island mounted, to its handler once it has", async () => {
    const { registry, release } = gatedRegistry();
    await pressedIsland(registry);
    const send = region.querySelector<HTMLButtonElement>("#send")!;
    send.click();
    send.click();
    // Held: the browser would have posted the form.
    expect(reached).toEqual([]);
    release();
    await settle("#a", "mounted");
    // Both presses while waiting are one wish: the form is sent once, in the page.
    await vi.waitFor(() => expect(send.textContent).toBe("sent 1"));
    expect(reached).toEqual(["click:send"]);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("gives a form sent with Enter to the island's submit handler once it mounted", async () => {
    const { registry, release } = gatedRegistry();
    await pressedIsland(registry);
    region.querySelector<HTMLFormElement>("#form")!.requestSubmit();
    expect(reached).toEqual([]);
    release();
    await settle("#a", "mounted");
    await vi.waitFor(() => expect(region.querySelector("#send")!.textContent).toBe("sent 1"));
    expect(posts()).toEqual([]);
  });

  it("gives a click on what the island marks data-hold-click to its handler once it mounted", async () => {
    const { registry, release } = gatedRegistry();
    await pressedIsland(registry);
    const picture = region.querySelector<HTMLElement>("#picture")!;
    picture.click();
    expect(reached).toEqual([]);
    release();
    await settle("#a", "mounted");
    await vi.waitFor(() => expect(picture.textContent).toBe("opened"));
  });

  it("lets a link act at once", async () => {
    const { registry } = gatedRegistry();
    await pressedIsland(registry);
    region.querySelector<HTMLAnchorElement>("#link")!.click();
    expect(reached).toEqual(["click:link"]);
  });

  it("gives what it held to the plain HTML when the island's code cannot load", async () => {
    const { registry, fail } = gatedRegistry();
    await pressedIsland(registry);
    region.querySelector<HTMLButtonElement>("#send")!.click();
    expect(reached).toEqual([]);
    fail(new Error("offline"));
    await settle("#a", "failed");
    // The button's click, then the post it makes without script.
    await vi.waitFor(() => expect(reached).toEqual(["click:send", "submit:form"]));
  });

  it("forgets what it held when the island is thrown away first", async () => {
    const { registry, release } = gatedRegistry();
    const renderer = await pressedIsland(registry);
    const form = region.querySelector<HTMLFormElement>("#form")!;
    region.querySelector<HTMLButtonElement>("#send")!.click();
    renderer.unmountRegion(region);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reached).toEqual([]);
    // Nothing holds the form any more.
    form.requestSubmit();
    expect(reached).toEqual(["submit:form"]);
  });
});

// Issue #16, in happy-dom: Back and Forward draw a page left earlier from its snapshot at
// once (no request), with its half-filled form and its scroll position; an old snapshot is
// refreshed in the background; a session or cart change empties the cache; and a head that
// comes again unchanged is kept instead of being drawn again.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageRouteResponse } from "../../../generated/types";
import { type Answer, fixtureNamed, loadFixtures, pageDocument, SLOW, startRouter } from "./support";

// The recorded demo store (fixtures/recorded/demo).
const fixtures = loadFixtures();
const bodyOf = (file: string): PageRouteResponse => structuredClone(fixtureNamed(fixtures, file).body);
const cartTitle = bodyOf("cart").data.meta.title;

/** The cart page with a note form in its body, as a page with a form a shopper half-fills. */
function cartWithForm(note = ""): PageRouteResponse {
  const body = bodyOf("cart");
  body.data.pageBody = `<form id="note" action="/cart"><label>Note <input name="note" value="${note}"></label><label><input type="checkbox" name="gift"> Gift</label></form>${body.data.pageBody}`;
  return body;
}

function answers(cart = cartWithForm()): Map<string, Answer> {
  const map = new Map<string, Answer>(fixtures.map((f) => [f.path, { status: 200, body: f.body }]));
  map.set("/cart", { status: 200, body: cart });
  return map;
}

let started: ReturnType<typeof startRouter> | null = null;
function start(options: Parameters<typeof startRouter>[0]) {
  started = startRouter(options);
  return started;
}

beforeEach(() => pageDocument("/start-page"));
afterEach(() => {
  started?.router.stop();
  started = null;
});

const field = (name: string) => document.querySelector<HTMLInputElement>(`#page-body [name=${name}]`)!;

describe("the snapshot cache (issue #16)", () => {
  it("draws the page left from its snapshot on Back, with no request, its typed fields and its scroll", async () => {
    const { router, requests, scroll, events } = start({ answers: answers() });
    await router.visit("/cart");
    field("note").value = "Leave at the door";
    field("gift").checked = true;
    scroll.y = 420;
    await router.visit("/tag");
    expect(field("note")).toBeNull();
    history.back();
    await vi.waitFor(() => expect(location.pathname).toBe("/cart"), SLOW);
    await vi.waitFor(() => expect(field("note")?.value).toBe("Leave at the door"), SLOW);
    expect(field("gift").checked).toBe(true);
    expect(scroll.y).toBe(420);
    expect(requests).toHaveLength(2);
    expect(document.title).toBe(cartTitle);
    expect(events.at(-1)).toEqual({
      type: "route:changed",
      payload: { url: `${location.origin}/cart`, referrer: `${location.origin}/tag` },
    });
    // Forward again, from its own snapshot.
    history.forward();
    await vi.waitFor(() => expect(location.pathname).toBe("/tag"), SLOW);
    await vi.waitFor(() => expect(document.title).not.toBe(cartTitle), SLOW);
    expect(requests).toHaveLength(2);
  });

  it("refreshes an old snapshot in the background and keeps what was typed", async () => {
    const map = answers();
    const { router, requests } = start({ answers: map, snapshotMaxAgeMs: 0 });
    await router.visit("/cart");
    field("note").value = "Ring twice";
    await router.visit("/tag");
    const fresher = cartWithForm();
    fresher.data.pageBody += "<p id='fresh'>Only 1 left</p>";
    map.set("/cart", { status: 200, body: fresher });
    history.back();
    await vi.waitFor(() => expect(location.pathname).toBe("/cart"), SLOW);
    await vi.waitFor(() => expect(document.getElementById("fresh")).not.toBeNull(), SLOW);
    expect(requests).toHaveLength(3);
    expect(field("note").value).toBe("Ring twice");
  });

  it("forgets every snapshot when the session or the cart changes", async () => {
    for (const event of ["session:changed", "cart:changed"] as const) {
      pageDocument("/start-page");
      const { router, requests, bus } = start({ answers: answers() });
      await router.visit("/cart");
      await router.visit("/tag");
      if (event === "session:changed") bus.emit(event, { signedIn: false, user: null });
      else bus.emit(event, 1);
      history.back();
      await vi.waitFor(() => expect(location.pathname).toBe("/cart"), SLOW);
      await vi.waitFor(() => expect(requests).toHaveLength(3), SLOW);
      started?.router.stop();
    }
  });

  it("keeps a head region that comes again unchanged, and draws a changed one", async () => {
    // The recorded heads of /article and /tag differ only inside their hydrated islands (the sign-in
    // link's redirect), which follow the address themselves once mounted. (The cart's head is the
    // visitor's own: it carries the cart count.)
    const { router, renderer } = start({ answers: answers() });
    await router.visit("/article");
    // What the island renderer would have done; this test's renderer only swaps HTML.
    for (const island of document.querySelectorAll("#page-head [data-component]")) {
      island.setAttribute("data-island", "mounted");
    }
    renderer.replaced.length = 0;
    const head = document.getElementById("page-head")!.firstElementChild;
    await router.visit("/tag");
    expect(renderer.replaced).not.toContain("page-head");
    expect(renderer.replaced).toContain("page-body");
    expect(document.getElementById("page-head")!.firstElementChild).toBe(head);
  });
});

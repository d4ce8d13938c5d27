// Issue #16, in happy-dom: Back and Forward draw a page left earlier from its snapshot at
// once (no request), with its half-filled form and its scroll position; an old snapshot is
// refreshed in the background; a session or cart change empties the cache; and a head that
// comes again unchanged is kept instead of being drawn again.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageRouteResponse } from "../../../generated/types";
import { type Answer, fixtureNamed, loadFixtures, pageDocument, recordingRenderer, SLOW, startRouter } from "./support";

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

/**
 * From /article to /tag, the head's islands in `state` meanwhile (what the island renderer would
 * have done; this test's renderer only swaps HTML): the head's first element before the visit.
 */
async function articleToTag(state: "mounted" | "pending") {
  const { router, renderer } = start({ answers: answers() });
  await router.visit("/article");
  for (const island of document.querySelectorAll("#page-head [data-component]")) island.setAttribute("data-island", state);
  renderer.replaced.length = 0;
  const head = document.getElementById("page-head")!.firstElementChild;
  await router.visit("/tag");
  return { router, renderer, head };
}

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
    const { renderer, head } = await articleToTag("mounted");
    expect(renderer.replaced).not.toContain("page-head");
    expect(renderer.replaced).toContain("page-body");
    expect(document.getElementById("page-head")!.firstElementChild).toBe(head);
  });

  it("keeps a head whose islands React has not rendered yet, giving them the new page's HTML", async () => {
    const { router, renderer, head } = await articleToTag("pending");
    expect(renderer.replaced).not.toContain("page-head");
    expect(document.getElementById("page-head")!.firstElementChild).toBe(head);
    // The sign-in link's way back differs: those islands took the new HTML, the others stayed.
    expect(renderer.setServerHTML).toHaveBeenCalled();
    const tagHead = document.createElement("template");
    tagHead.innerHTML = (answers().get("/tag") as { body: PageRouteResponse }).body.data.pageHead;
    const islandsOf = (root: ParentNode) => Array.from(root.querySelectorAll("[data-component]"), (el) => el.innerHTML);
    expect(islandsOf(document.getElementById("page-head")!)).toEqual(islandsOf(tagHead.content));
    expect(renderer.takesServerHTML).toHaveBeenCalled();
    renderer.takesServerHTML.mockReturnValue(false);
    await router.visit("/article");
    // React renders them now (takesServerHTML false): the changed head is drawn again.
    expect(renderer.replaced).toContain("page-head");
  });

  it("puts back the body it kept, the same nodes with what was typed, instead of drawing it again", async () => {
    const renderer = recordingRenderer({ keepsBodies: true });
    const { router, requests } = start({ answers: answers(), renderer });
    await router.visit("/cart");
    const form = document.getElementById("note");
    field("note").value = "Leave at the door";
    await router.visit("/tag");
    // The first page here has no answer to be drawn from again: only the cart was kept.
    expect(renderer.detachRegion).toHaveBeenCalledTimes(1);
    renderer.replaced.length = 0;
    history.back();
    await vi.waitFor(() => expect(document.title).toBe(cartTitle), SLOW);
    expect(renderer.attached).toEqual(["page-body"]);
    expect(renderer.replaced).not.toContain("page-body");
    expect(document.getElementById("note")).toBe(form);
    expect(field("note").value).toBe("Leave at the door");
    expect(requests).toHaveLength(2);
    // The page left for Back was kept in its turn, and nothing was let go.
    expect(renderer.detachRegion).toHaveBeenCalledTimes(2);
    expect(renderer.disposeDetached).not.toHaveBeenCalled();
  });

  it("lets go of the bodies it kept when the cart changes, and draws the page again", async () => {
    const renderer = recordingRenderer({ keepsBodies: true });
    const { router, requests, bus } = start({ answers: answers(), renderer });
    await router.visit("/cart");
    await router.visit("/tag");
    bus.emit("cart:changed", 1);
    expect(renderer.disposeDetached).toHaveBeenCalledTimes(1);
    history.back();
    await vi.waitFor(() => expect(requests).toHaveLength(3), SLOW);
    await vi.waitFor(() => expect(renderer.replaced).toContain("page-body"), SLOW);
    expect(renderer.attached).toEqual([]);
  });

  it("lets go of the oldest kept body beyond its limit", async () => {
    const renderer = recordingRenderer({ keepsBodies: true });
    const { router } = start({ answers: answers(), renderer, snapshotLimit: 1 });
    await router.visit("/cart");
    await router.visit("/tag");
    expect(renderer.disposeDetached).not.toHaveBeenCalled();
    const cart = renderer.detachRegion.mock.results[0]!.value;
    await router.visit("/article");
    expect(renderer.disposeDetached).toHaveBeenCalledTimes(1);
    expect(renderer.disposeDetached).toHaveBeenCalledWith(cart);
  });
});

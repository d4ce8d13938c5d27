import { afterEach, describe, expect, it } from "vitest";
import { watchLazyImages } from "../../../src/runtime/lazy-images";

/** An IntersectionObserver the test drives: it records its options and what it observes. */
class FakeObserver {
  static last: FakeObserver;
  observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  comeNear(target: Element) {
    this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = "";
});

function start() {
  stop = watchLazyImages({
    document,
    IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver,
    MutationObserver: window.MutationObserver,
  });
  return FakeObserver.last;
}

describe("watchLazyImages", () => {
  it("watches lazy images up to 1.3 screen heights and switches one that comes near to eager, once", () => {
    document.body.innerHTML = '<img id="far" loading="lazy" src="/a.png" alt="A"><img id="hero" src="/b.png" alt="B">';
    const observer = start();
    expect(observer.options.rootMargin).toBe("0px 0px 30% 0px");
    const far = document.getElementById("far") as HTMLImageElement;
    expect([...observer.observed]).toEqual([far]);
    observer.comeNear(far);
    expect(far.loading).toBe("eager");
    expect(observer.observed.size).toBe(0);
  });

  // React compares the server's attributes as it hydrates: an island's images wait for it.
  it("switches an image inside an island still to hydrate once the island has mounted", () => {
    document.body.innerHTML =
      '<div data-component="ProductGrid" data-island="pending"><img id="card" loading="lazy" src="/a.png" alt=""></div>';
    const observer = start();
    const card = document.getElementById("card") as HTMLImageElement;
    observer.comeNear(card);
    expect(card.loading).toBe("lazy");
    const island = card.parentElement!;
    // Another island mounting first leaves it waiting (and must not loop over it).
    document.body.insertAdjacentHTML("beforeend", '<div id="other" data-component="Slides" data-island="mounted"></div>');
    document.getElementById("other")!.dispatchEvent(new CustomEvent("storefront:island-mounted", { bubbles: true }));
    expect(card.loading).toBe("lazy");
    island.setAttribute("data-island", "mounted");
    island.dispatchEvent(new CustomEvent("storefront:island-mounted", { bubbles: true }));
    expect(card.loading).toBe("eager");
  });

  it("watches images that islands and navigation add later", async () => {
    const observer = start();
    const section = document.createElement("section");
    section.innerHTML = '<img loading="lazy" src="/c.png" alt="C">';
    document.body.append(section);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(observer.observed.size).toBe(1);
  });

  it("does nothing where the browser has no IntersectionObserver (the native lazy loading stays)", () => {
    document.body.innerHTML = '<img loading="lazy" src="/a.png" alt="A">';
    expect(() => watchLazyImages({ document })).not.toThrow();
  });
});

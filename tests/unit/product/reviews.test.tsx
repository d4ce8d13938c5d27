// The product's reviews section and the review form: the summary's bars with their words,
// sorting and pages through review/list, "Write a review" only for a line that arrived, the
// form's errors beside their fields (the browser's checks and the server's reasons), and a
// posted review showing in the summary at once.
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductReview, ProductReviewsProps, ReviewableLine } from "../../../generated/types";
import validate from "../../../generated/validators/components/ProductReviews.js";
import ProductReviews from "../../../src/components/product/ProductReviews";
import ReviewForm from "../../../src/components/product/ReviewForm";
import { reviewStore } from "../../../src/components/product/review-store";
import { ApiError } from "../../../src/runtime/api/client";
import { byText, click, fakeApi, type Rendered, renderIsland, settle, type } from "../checkout/support";

const review = (n: number, score: number): ProductReview => ({
  id: `u${n}`,
  productSlug: "tee",
  author: `Buyer ${n}`,
  score,
  title: `Title ${n}`,
  body: `Text ${n}`,
  createdAt: `2026-10-0${n}T10:00:00.000Z`,
  verified: true,
  photos: [],
});

const PROPS: ProductReviewsProps = {
  productSlug: "tee",
  productTitle: "Tee",
  summary: { average: 3.7, count: 3, stars: [0, 0, 1, 2, 0] },
  reviews: [review(3, 4), review(2, 4)],
  pageSize: 2,
  signInHref: "/auth/signin?redirect=%2Fproduct%2Ftee",
};

const LINE: ReviewableLine = {
  lineId: "12",
  orderNo: "SO20261121ABC123",
  productSlug: "tee",
  title: "Tee",
  variantTitle: "Red / M",
  state: "open",
};

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  reviewStore.reset();
});

const text = () => view!.container.textContent ?? "";

describe("ProductReviews", () => {
  it("accepts its schema's props and shows the summary with one bar per star in words", async () => {
    expect(validate(structuredClone(PROPS))).toBe(true);
    const { api } = fakeApi({});
    view = await renderIsland(<ProductReviews {...PROPS} />, { api, signedIn: false });
    expect(text()).toContain("3.7 out of 5");
    expect(text()).toContain("Based on 3 reviews");
    const bars = view.container.querySelector('ul[aria-label="Reviews by rating"]')!;
    expect(Array.from(bars.querySelectorAll(".sf-visually-hidden")).map((b) => b.textContent)).toEqual([
      "5 stars: 0 reviews",
      "4 stars: 2 reviews",
      "3 stars: 1 review",
      "2 stars: 0 reviews",
      "1 star: 0 reviews",
    ]);
    // A visitor is told who reviews, and where to sign in.
    expect(byText<HTMLAnchorElement>(view.container, "a", "Sign in").getAttribute("href")).toBe(PROPS.signInHref);
  });

  it("sorts and pages through review/list", async () => {
    const { api, post } = fakeApi({
      "review/list": (body) => ({
        items: body.sort === "lowest" ? [review(1, 3), review(2, 4)] : [review(1, 3)],
        total: 3,
        summary: PROPS.summary,
      }),
    });
    view = await renderIsland(<ProductReviews {...PROPS} />, { api, signedIn: false });
    expect(text()).toContain("Page 1 of 2");
    const sort = view.container.querySelector<HTMLSelectElement>("select")!;
    expect(sort.labels?.[0]?.textContent).toBe("Sort reviews");
    await act(async () => {
      sort.value = "lowest";
      sort.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await settle();
    expect(post).toHaveBeenLastCalledWith(
      "review/list",
      { productSlug: "tee", sort: "lowest", page: 1, pageSize: 2 },
      { toast: false },
    );
    expect(Array.from(view.container.querySelectorAll(".sf-reviews__title")).map((t) => t.textContent)).toEqual([
      "Title 1",
      "Title 2",
    ]);
    await click(byText(view.container, "button", "Next page"));
    expect(post).toHaveBeenLastCalledWith(
      "review/list",
      { productSlug: "tee", sort: "lowest", page: 2, pageSize: 2 },
      { toast: false },
    );
    expect(text()).toContain("Page 2 of 2");
  });

  it("offers Write a review for a line that arrived, and says why not otherwise", async () => {
    const open = fakeApi({ "review/eligible": () => ({ lines: [LINE] }) });
    view = await renderIsland(<ProductReviews {...PROPS} />, { api: open.api });
    await settle();
    expect(open.post).toHaveBeenCalledWith("review/eligible", { productSlug: "tee" }, { toast: false });
    expect(byText(view.container, "button", "Write a review")).toBeTruthy();
    await view.unmount();

    const waiting = fakeApi({ "review/eligible": () => ({ lines: [{ ...LINE, state: "awaiting" as const }] }) });
    view = await renderIsland(<ProductReviews {...PROPS} />, { api: waiting.api });
    await settle();
    expect(text()).toContain("You can review this product once your order has arrived.");
    expect(view.container.querySelectorAll("button").length).toBe(2); // the pager's only
  });

  it("shows a review posted in this tab in the summary and the list, even on a page drawn from memory", async () => {
    const { api } = fakeApi({ "review/eligible": () => ({ lines: [] }) });
    reviewStore.posted({ ...review(4, 1), title: "Mine" }, { average: 3, count: 4, stars: [1, 0, 1, 2, 0] });
    view = await renderIsland(<ProductReviews {...PROPS} />, { api });
    expect(text()).toContain("Based on 4 reviews");
    expect(text()).toContain("3.0 out of 5");
    expect(view.container.querySelector(".sf-reviews__title")!.textContent).toBe("Mine");
  });
});

describe("ReviewForm", () => {
  const form = (handlers: Parameters<typeof fakeApi>[0], props: Partial<Parameters<typeof ReviewForm>[0]> = {}) => {
    const onPosted = vi.fn();
    const { api, post } = fakeApi(handlers);
    return {
      post,
      onPosted,
      render: () =>
        renderIsland(
          <ReviewForm productSlug="tee" productTitle="Tee" lines={[LINE]} onPosted={onPosted} onCancel={() => {}} {...props} />,
          { api },
        ),
    };
  };
  const field = (label: string) => {
    const element = Array.from(view!.container.querySelectorAll("label")).find((l) => l.textContent?.startsWith(label))!;
    return view!.container.querySelector<HTMLInputElement & HTMLTextAreaElement>(`#${CSS.escape(element.htmlFor)}`)!;
  };
  const errorOf = (control: Element) =>
    (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" | ");

  it("labels every field and puts each error beside its field, focusing the first", async () => {
    const f = form({});
    view = await f.render();
    expect(view.container.querySelector("legend")!.textContent).toBe("Rating");
    expect(Array.from(view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')).length).toBe(5);
    await click(byText(view.container, "button", "Post review"));
    expect(f.post).not.toHaveBeenCalled();
    const stars = view.container.querySelector("fieldset")!;
    expect(errorOf(stars)).toBe("Choose a rating from 1 to 5 stars.");
    expect(field("Your review").getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(field("Your review"))).toBe("Write what you think of the product (at most 2000 characters).");
    expect((document.activeElement as HTMLInputElement).type).toBe("radio");
    // Fixing a field takes its error away.
    await type(field("Your review"), "Nice.");
    expect(field("Your review").hasAttribute("aria-invalid")).toBe(false);
  });

  it("says so when the title reaches its limit", async () => {
    const f = form({});
    view = await f.render();
    await type(field("Title"), "t".repeat(120));
    expect(text()).toContain("You have reached the limit of 120 characters.");
  });

  it("posts the line, rating and texts as multipart, and hands back the review and statistics", async () => {
    const posted = review(9, 5);
    const summary = { average: 4.3, count: 4, stars: [0, 0, 1, 1, 2] };
    const f = form({ "review/add": () => ({ review: posted, summary }) });
    view = await f.render();
    await click(view.container.querySelector<HTMLInputElement>('input[type="radio"][value="5"]')!);
    await type(field("Title"), "Great");
    await type(field("Your review"), "Fits well.");
    await click(byText(view.container, "button", "Post review"));
    const [call, body] = f.post.mock.calls[0]!;
    expect(call).toBe("review/add");
    const sent = Object.fromEntries((body as FormData).entries());
    expect(sent).toEqual({ productSlug: "tee", lineId: "12", score: "5", title: "Great", body: "Fits well." });
    expect(f.onPosted).toHaveBeenCalledWith(posted, summary, "12");
  });

  it("puts a refusal of the server beside the field it is about, in the shopper's words", async () => {
    const refusal = new ApiError(
      "review/add",
      { kind: "envelope", code: 41, msg: "Each photo must be at most 2 MB.", reason: { id: "review.reason.photoSize" } },
      { id: "review.reason.photoSize" },
    );
    const f = form({
      "review/add": () => {
        throw refusal;
      },
    });
    view = await f.render();
    await click(view.container.querySelector<HTMLInputElement>('input[type="radio"][value="3"]')!);
    await type(field("Your review"), "Fine.");
    await click(byText(view.container, "button", "Post review"));
    expect(errorOf(field("Photos"))).toContain("Each photo must be at most 2 MB.");
    expect(f.onPosted).not.toHaveBeenCalled();
  });
});

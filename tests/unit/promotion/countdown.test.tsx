// The promotion countdown: the server writes the time left when it rendered the page, the
// browser starts from that figure, never shows more than its own clock leaves, ticks each
// second, and says the promotion has ended at zero.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import PromotionCountdown from "../../../src/components/promotion/PromotionCountdown";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { LOCALES } from "../runtime/fakes";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ENDS = "2028-01-01T00:00:00.000Z";
const END = Date.parse(ENDS);
// One day, one hour, one minute and one second before the end.
const RENDERED = END - (86_400 + 3_600 + 60 + 1) * 1000;

const view = (renderedAt: number) => (
  <IslandProviders context={{ locale: "en", messages: LOCALES.en }}>
    <PromotionCountdown endsAt={ENDS} renderedAt={renderedAt} />
  </IslandProviders>
);

let root: Root | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date", "performance"] });
  document.body.innerHTML = `<div id="island"></div>`;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  vi.useRealTimers();
});

async function mount(renderedAt: number) {
  root = createRoot(document.getElementById("island")!);
  await act(async () => root!.render(view(renderedAt)));
}

const timer = () => document.querySelector("[role=timer]")?.textContent;

describe("PromotionCountdown", () => {
  it("writes the server's figure on the server, with the time left as a duration", () => {
    const html = renderToString(view(RENDERED));
    const server = document.createElement("div");
    server.innerHTML = html;
    expect(server.querySelector("time")!.textContent).toBe("1 day 01:01:01");
    expect(server.querySelector("time")!.getAttribute("datetime")).toBe("P1DT1H1M1S");
  });

  it("counts down from the server's figure when the browser's clock runs behind", async () => {
    vi.setSystemTime(RENDERED - 3_600_000);
    await mount(RENDERED);
    expect(timer()).toBe("1 day 01:01:01");
    await act(async () => vi.advanceTimersByTime(2000));
    expect(timer()).toBe("1 day 01:00:59");
  });

  it("follows a right browser clock when the page was rendered a while ago", async () => {
    vi.setSystemTime(RENDERED + 600_000);
    await mount(RENDERED);
    expect(timer()).toBe("1 day 00:51:01");
  });

  it("says the promotion has ended at zero", async () => {
    vi.setSystemTime(END - 1500);
    await mount(END - 1500);
    expect(timer()).toBe("00:00:02");
    await act(async () => vi.advanceTimersByTime(2000));
    expect(timer()).toBeUndefined();
    expect(document.querySelector("[role=status]")?.textContent).toBe("This promotion has ended.");
  });
});

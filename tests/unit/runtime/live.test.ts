import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveFrame } from "../../../src/runtime/bus";
import {
  createLive,
  PING_FRAME,
  PING_INTERVAL_MS,
  parseFrame,
  RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  reconnectDelay,
} from "../../../src/runtime/live";
import { FakeSocket, fakeDocument, fakeLocation, memoryStore, recordBus, setVisibility, testClock } from "./fakes";

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup({ visitorId = "v_1", cookie = "", random = (): number => 0.5, protocol = "https:" } = {}) {
  const rec = recordBus();
  const { store } = memoryStore(visitorId ? { "sf.visitorId": visitorId } : {});
  const document = fakeDocument({ cookie });
  const events = new EventTarget();
  const location = fakeLocation("/", `${protocol}//shop.test:8443`);
  const live = createLive({ bus: rec.bus, store, clock: testClock(), WebSocket: FakeSocket, location, document, events, random });
  return { live, rec, store, document, events };
}

describe("live channel: the back/forward cache", () => {
  it("closes the socket on pagehide without trying again, and opens a new one on pageshow", () => {
    const { live, events, rec } = setup();
    live.start();
    const first = FakeSocket.last;
    first.accept();
    events.dispatchEvent(new Event("pagehide"));
    expect(first.closedWith).toBe(1000);
    expect(live.isConnected()).toBe(false);
    expect(rec.of("live:state")).toEqual([{ connected: true }, { connected: false }]);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 3);
    expect(FakeSocket.instances).toHaveLength(1);
    events.dispatchEvent(new Event("pageshow"));
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.accept();
    expect(live.isConnected()).toBe(true);
  });
});

describe("live channel: connecting and frames", () => {
  it("opens one socket to /ws/message with the stored visitor id (wss on https, ws on http)", () => {
    setup().live.start();
    expect(FakeSocket.last.url).toBe("wss://shop.test:8443/ws/message?visitorId=v_1");
    setup({ protocol: "http:" }).live.start();
    expect(FakeSocket.last.url).toBe("ws://shop.test:8443/ws/message?visitorId=v_1");
  });

  it("sends {code:200,msg:'ping'} every 10 s while open", () => {
    const { live, rec } = setup();
    live.start();
    const socket = FakeSocket.last;
    socket.accept();
    expect(live.isConnected()).toBe(true);
    expect(rec.of("live:state")).toEqual([{ connected: true }]);
    expect(PING_INTERVAL_MS).toBe(10_000);
    vi.advanceTimersByTime(9_999);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([PING_FRAME]);
    expect(JSON.parse(PING_FRAME)).toEqual({ code: 200, msg: "ping" });
    vi.advanceTimersByTime(20_000);
    expect(socket.sent).toHaveLength(3);
  });

  it("publishes server frames on the bus by type and ignores what is not a frame", () => {
    const { live, rec } = setup();
    const orders: LiveFrame[] = [];
    rec.bus.on("message:order", (frame) => orders.push(frame));
    live.start();
    FakeSocket.last.accept();
    FakeSocket.last.receive(JSON.stringify({ code: 0, msg: "Paid", type: "order", data: { no: "A1" } }));
    for (const junk of [
      "not json",
      "[]",
      "null",
      JSON.stringify({ code: 200, msg: "pong" }),
      JSON.stringify({ type: "has space" }),
    ]) {
      FakeSocket.last.receive(junk);
    }
    expect(orders).toEqual([{ code: 0, msg: "Paid", type: "order", data: { no: "A1" } }]);
    expect(rec.events.filter((e) => String(e.type).startsWith("message:"))).toHaveLength(1);
  });

  it("fills in a frame's missing code and msg", () => {
    expect(parseFrame(JSON.stringify({ type: "notice" }))).toEqual({ code: 0, msg: "", type: "notice", data: undefined });
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });

  it("without a visitor id it takes the visitorId cookie, or waits for the id", () => {
    setup({ visitorId: "", cookie: "a=1; visitorId=v_cookie" }).live.start();
    expect(FakeSocket.last.url).toMatch(/visitorId=v_cookie$/);
    FakeSocket.reset();
    const { live, rec, store } = setup({ visitorId: "" });
    live.start();
    expect(FakeSocket.instances).toEqual([]);
    store.set("visitorId", "v_new");
    rec.bus.emit("visitor:id", "v_new");
    expect(FakeSocket.last.url).toMatch(/visitorId=v_new$/);
  });
});

describe("live channel: reconnecting", () => {
  it("jitters each wait to 50 s ± 20 %", () => {
    expect(RECONNECT_DELAY_MS).toBe(50_000);
    expect(reconnectDelay(() => 0)).toBe(40_000);
    expect(reconnectDelay(() => 0.5)).toBe(50_000);
    expect(reconnectDelay(() => 0.999999)).toBe(60_000);
    for (let i = 0; i < 200; i++) {
      const delay = reconnectDelay(Math.random);
      expect(delay).toBeGreaterThanOrEqual(40_000);
      expect(delay).toBeLessThanOrEqual(60_000);
    }
  });

  it("retries after a drop at the jittered delay, not before", () => {
    const { live, rec } = setup({ random: () => 0 });
    live.start();
    FakeSocket.last.accept();
    FakeSocket.last.drop();
    expect(live.isConnected()).toBe(false);
    expect(rec.of("live:state")).toEqual([{ connected: true }, { connected: false }]);
    vi.advanceTimersByTime(39_999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it("stops after the 5th failed reconnect", () => {
    const { live } = setup();
    live.start();
    FakeSocket.last.drop();
    expect(RECONNECT_ATTEMPTS).toBe(5);
    for (let attempt = 1; attempt <= 5; attempt++) {
      vi.advanceTimersByTime(50_000);
      expect(FakeSocket.instances).toHaveLength(1 + attempt);
      FakeSocket.last.drop();
    }
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.instances).toHaveLength(6);
  });

  it("a connection that opens starts a fresh set of 5 attempts", () => {
    const { live } = setup();
    live.start();
    FakeSocket.last.drop();
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(50_000);
      FakeSocket.last.drop();
    }
    vi.advanceTimersByTime(50_000);
    FakeSocket.last.accept();
    FakeSocket.last.drop();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(50_000);
      FakeSocket.last.drop();
    }
    expect(FakeSocket.instances).toHaveLength(11);
  });

  it("reconnects at once when the browser comes online, even after giving up", () => {
    const { live, events } = setup();
    live.start();
    FakeSocket.last.drop();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(50_000);
      FakeSocket.last.drop();
    }
    events.dispatchEvent(new Event("online"));
    expect(FakeSocket.instances).toHaveLength(7);
  });

  it("reconnects at once when the tab becomes visible, cancelling the pending retry", () => {
    const { live, document } = setup();
    live.start();
    FakeSocket.last.drop();
    setVisibility(document, "hidden");
    expect(FakeSocket.instances).toHaveLength(1);
    setVisibility(document, "visible");
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.accept();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it("never opens a second socket while one is connecting or open", () => {
    const { live, events, document, rec } = setup();
    live.start();
    events.dispatchEvent(new Event("online"));
    setVisibility(document, "visible");
    rec.bus.emit("visitor:id", "v_1");
    expect(FakeSocket.instances).toHaveLength(1);
    FakeSocket.last.accept();
    events.dispatchEvent(new Event("online"));
    live.start();
    expect(FakeSocket.open()).toHaveLength(1);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it("reads the visitorId cookie on disconnect and reconnects with it", () => {
    const { live, document, store } = setup();
    live.start();
    FakeSocket.last.accept();
    document.cookie = "visitorId=v_2";
    FakeSocket.last.drop();
    expect(store.get("visitorId")).toBe("v_2");
    vi.advanceTimersByTime(50_000);
    expect(FakeSocket.last.url).toMatch(/visitorId=v_2$/);
  });

  it("ignores a garbage visitorId cookie", () => {
    const { live, document, store } = setup();
    live.start();
    document.cookie = "visitorId=%3Cscript%3E";
    FakeSocket.last.drop();
    expect(store.get("visitorId")).toBe("v_1");
  });

  it("survives a WebSocket constructor that throws and retries later", () => {
    let fail = true;
    class Refusing extends FakeSocket {
      constructor(url: string) {
        if (fail) throw new SyntaxError("blocked by CSP");
        super(url);
      }
    }
    const rec = recordBus();
    const { store } = memoryStore({ "sf.visitorId": "v_1" });
    const live = createLive({
      bus: rec.bus,
      store,
      clock: testClock(),
      WebSocket: Refusing,
      location: fakeLocation(),
      document: fakeDocument(),
      events: new EventTarget(),
      random: () => 0.5,
    });
    live.start();
    expect(FakeSocket.instances).toHaveLength(0);
    fail = false;
    vi.advanceTimersByTime(50_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it("stop() closes the socket and cancels every timer", () => {
    const { live, events } = setup();
    live.start();
    const socket = FakeSocket.last;
    socket.accept();
    live.stop();
    expect(socket.closedWith).toBe(1000);
    expect(vi.getTimerCount()).toBe(0);
    events.dispatchEvent(new Event("online"));
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

// The PostgreSQL live bus sends its NOTIFYs one at a time and in order: pg 8 warns about a query
// sent while another runs on the same client, and pg 9 refuses it.
import { afterEach, describe, expect, it, vi } from "vitest";

const sent: { sql: string; payload?: string }[] = [];
let running = 0;
let mostAtOnce = 0;

vi.mock("pg", () => {
  class Client {
    on() {
      return this;
    }
    async connect() {}
    async end() {}
    async query(sql: string, params?: string[]) {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (params?.[1]?.includes('"fail"')) throw new Error("connection lost");
      sent.push({ sql, payload: params?.[1] });
    }
  }
  return { default: { Client } };
});

const { createPostgresBus } = await import("../../src/server/live-bus-postgres");
type LiveNote = import("../../src/server/live-bus").LiveNote;

afterEach(() => {
  sent.length = 0;
  mostAtOnce = 0;
});

describe("live bus on PostgreSQL", () => {
  it("sends one NOTIFY at a time, in the order published, past a failed one", async () => {
    const logs: string[] = [];
    const bus = await createPostgresBus("postgres://test", (message) => logs.push(message));
    const heard: unknown[] = [];
    bus.subscribe((note) => heard.push(note));
    const notes: LiveNote[] = ["a", "fail", "b", "c"].map((visitorId) => ({ visitorId, frame: {} as LiveNote["frame"] }));
    for (const note of notes) bus.publish(note);
    // Delivered here at once, all of them.
    expect(heard).toEqual(notes);
    await vi.waitFor(() => expect(sent.filter((s) => s.sql.includes("pg_notify"))).toHaveLength(3));
    expect(mostAtOnce).toBe(1);
    expect(sent.filter((s) => s.sql.includes("pg_notify")).map((s) => JSON.parse(s.payload!).note.visitorId)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(logs).toEqual(["live bus: connection lost"]);
    bus.close();
  });
});

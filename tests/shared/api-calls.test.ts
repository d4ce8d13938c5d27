// The generated call map (generated/api-calls.ts, from schemas/api/) and the reference server's
// calls describe the same set of /api/web calls.
import { describe, expect, it } from "vitest";
import { API_VALIDATORS, CALL_NAMES, MULTIPART_CALLS } from "../../generated/api-calls";
import { allCalls } from "../../src/server/api/calls";

describe("api call map", () => {
  it("the server answers exactly the calls schemas/api/ defines, each once", () => {
    const paths = allCalls.map((def) => def.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...CALL_NAMES]);
  });

  it("multipart calls come from their request schema", () => {
    expect(MULTIPART_CALLS).toEqual(["article/thumbnail", "return/apply", "review/add", "user/editAvatar"]);
  });

  it("each call's validators load and check their part", async () => {
    const request = (await API_VALIDATORS["cart/add"].request()).default;
    expect(request({ sku: "TEE-1", quantity: 2 })).toBe(true);
    expect(request({ sku: "TEE-1", quantity: 0 })).toBe(false);
    expect(request.errors?.[0]).toMatchObject({ instancePath: "/quantity", keyword: "minimum" });
    const response = (await API_VALIDATORS["cart/count"].response()).default;
    expect(response({ count: 3 })).toBe(true);
  });
});

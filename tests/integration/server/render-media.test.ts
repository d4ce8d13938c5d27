// A template section with hydrate "media" reaches the browser as data-hydrate + data-media,
// and a "media" section without its query is refused by the template schema.
import { describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import validateTemplate from "../../../generated/validators/store/page-template.js";
import { registry } from "../../../src/registry/index";
import { renderRegion } from "../../../src/server/pages/render";

const context = { locale: "en", messages: en };
const log = { error: (message: string) => expect.fail(message) };

describe("the media strategy in templates", () => {
  it("writes the query beside the strategy", async () => {
    const html = await renderRegion(
      registry,
      { sections: [{ component: "Hero", hydrate: "media", media: "(min-width: 768px)", props: { title: "Hi" } }] },
      {},
      context,
      "b",
      log,
    );
    expect(html).toContain('data-hydrate="media"');
    expect(html).toContain('data-media="(min-width: 768px)"');
  });

  it("refuses a media section without its query", () => {
    expect(validateTemplate({ sections: [{ component: "Hero", hydrate: "media" }] })).toBe(false);
    expect(validateTemplate.errors?.[0]).toMatchObject({ keyword: "required", params: { missingProperty: "media" } });
  });
});

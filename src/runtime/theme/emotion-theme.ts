// Writes a new theme's CSS with Emotion after client navigation. Loaded lazily: the first
// theme comes from the server's <style id="theme-vars">, so most pages never load this.
import createCache from "@emotion/cache";
import { serializeStyles } from "@emotion/serialize";
import { StyleSheet } from "@emotion/sheet";
import type { ThemeConfig } from "../../../generated/types";
import { themeToCss } from "../../shared/theme/css-variables";
import { THEME_STYLE_ID } from "../../shared/theme/style-id";

export interface ThemeStyles {
  apply(config: ThemeConfig | undefined): void;
}

export function createThemeStyles(doc: Document, nonce?: string): ThemeStyles {
  const cache = createCache({ key: "sf-theme", container: doc.head, ...(nonce ? { nonce } : {}) });
  // A sheet of its own that each theme replaces, as Emotion's <Global> does.
  const sheet = new StyleSheet({
    key: "sf-theme-global",
    container: doc.head,
    nonce: cache.sheet.nonce,
    speedy: cache.sheet.isSpeedy,
  });
  return {
    apply(config) {
      const serialized = serializeStyles([themeToCss(config)]);
      sheet.flush();
      cache.insert("", serialized, sheet, false);
      // The server's first theme would otherwise outlive this one wherever the new one is silent.
      doc.getElementById(THEME_STYLE_ID)?.remove();
    },
  };
}

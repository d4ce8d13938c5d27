// The preview: a real page of the shop in a frame, rendered by the server with the draft
// (a form post into the frame), restyled in place when only the theme's values change, with
// the selected section outlined; a click on a section there selects it in the list.
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { themeVariables } from "../shared/theme/css-variables";
import { EDITOR_PATH } from "./api";
import type { Files } from "./history";

/** Where a template's islands are in the page, by the prefix of their data-uid (render.ts). */
export const REGION_PREFIX: Record<string, string> = { head: "h", foot: "f" };
const regionOf = (template: string) => REGION_PREFIX[template] ?? "b";

export interface PreviewProps {
  /** The path with its language prefix. */
  address: string | null;
  width: number;
  /** The design files as the frame renders them (the draft's and the theme). */
  draft: Files;
  /** What makes the frame load again: everything but the theme's values. */
  renderKey: string;
  template: string;
  selected: number | null;
  /** A click on a section of the page: its template ("head", "foot" or the page's) and place. */
  onPick(region: "head" | "foot" | "body", index: number): void;
}

const OUTLINE = "3px solid #c0006a";

export function Preview({ address, width, draft, renderKey, template, selected, onPick }: PreviewProps) {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const outlined = useRef<HTMLElement | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const theme = draft["theme.json"];

  // Loads the page again when the draft's templates, the address or the container change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderKey stands for what the page is rendered from.
  useEffect(() => {
    if (!address) return;
    const timer = setTimeout(() => form.current?.submit(), 300);
    return () => clearTimeout(timer);
  }, [renderKey, address]);

  /** The theme's values on the page's root: the page restyles without loading again. */
  const restyle = () => {
    const root = frame.current?.contentDocument?.documentElement;
    if (!root) return;
    for (const [name, value] of themeVariables(theme as never)) {
      // The container's padding changes per breakpoint (media rules): a new render sets it.
      if (name !== "--container-padding") root.style.setProperty(name, value);
    }
  };
  // Runs again when the theme changes; restyle reads it.
  useEffect(restyle, [theme]);

  const outline = () => {
    outlined.current?.style.removeProperty("outline");
    outlined.current?.style.removeProperty("outline-offset");
    outlined.current = null;
    const doc = frame.current?.contentDocument;
    if (!doc || selected === null) return;
    const element = doc.querySelector<HTMLElement>(`[data-uid="${regionOf(template)}${selected}-"]`);
    if (!element) return;
    element.style.setProperty("outline", OUTLINE);
    element.style.setProperty("outline-offset", "-3px");
    // The frame's own scroll only: scrollIntoView would scroll the editor around it too.
    const view = doc.defaultView;
    view?.scrollTo({ top: element.getBoundingClientRect().top + view.scrollY - 24 });
    outlined.current = element;
  };
  // Runs again when the selection changes; outline reads it.
  useEffect(outline, [selected, template]);

  const loaded = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    restyle();
    outline();
    doc.addEventListener(
      "click",
      (event) => {
        const island = (event.target as Element | null)?.closest?.("[data-uid]");
        const match = /^([hfb])(\d+)-$/.exec(island?.getAttribute("data-uid") ?? "");
        if (!match) return;
        // In the editor a click selects the section, as Shopify's section:select; the page's own action waits.
        event.preventDefault();
        event.stopPropagation();
        pick.current(match[1] === "h" ? "head" : match[1] === "f" ? "foot" : "body", Number(match[2]));
      },
      true,
    );
  };

  return (
    <div className="preview">
      <form ref={form} method="post" action={`${EDITOR_PATH}/frame`} target="editor-preview" hidden>
        <input type="hidden" name="address" value={address ?? ""} />
        <input type="hidden" name="draft" value={JSON.stringify({ files: draft })} />
      </form>
      {/* Scrolls sideways when the frame is wider than the screen: reachable by keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <section className="preview__stage" tabIndex={0} aria-label={intl.formatMessage({ id: "editor.preview.stage" })}>
        <iframe
          ref={frame}
          name="editor-preview"
          title={intl.formatMessage({ id: "editor.preview.frame" })}
          width={width}
          onLoad={loaded}
        />
      </section>
    </div>
  );
}

// The product's images: one scroll-snap track (swiped on touch screens, scrolled by the
// thumbnails on wider ones) so the mobile image view and the desktop slides are the same
// markup and nothing jumps when the layout changes. The active slide follows `active`
// (a variant's image) and the track's scroll position. A click on the image, Enter or Space
// on the focused track, or the "Full screen" button opens the image viewer (its code loads
// then), and the focus comes back here when it closes. Before (or without) script the track
// still scrolls and snaps by itself, and each thumbnail is a link to its slide.
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { ProductSlidesProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useIslandId } from "../../shared/island-id";
import { Icon } from "../common/Icon";

const ImageViewer = lazy(() => import("./ImageViewer"));

/** Scrolls the track to a slide; `gliding` holds the slide a smooth glide is heading for. */
function scrollTrack(el: HTMLDivElement | null, gliding: { current: number | null }, index: number, smooth: boolean) {
  if (!el) return;
  const glide = smooth && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  gliding.current = glide ? index : null;
  // Every slide is as wide as the track.
  el.scrollTo?.({ left: index * el.clientWidth, behavior: glide ? "smooth" : "auto" });
}

export default function ProductSlides({ images, title, active = 0 }: ProductSlidesProps) {
  const intl = useIntl();
  const track = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(active);
  const first = useRef(true);
  const count = images.length;

  // While the track glides to a chosen slide, the slides it passes are not "shown";
  // a touch, pointer or wheel takes over from the glide.
  const gliding = useRef<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const hintId = useIslandId();
  const slideId = (index: number) => `${hintId}-slide-${index}`;
  const hydrated = useHydrated();
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const index = Math.min(Math.max(0, active), count - 1);
    setShown(index);
    scrollTrack(track.current, gliding, index, !first.current);
    first.current = false;
  }, [active, count]);

  function onScroll() {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const index = Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth)));
    if (gliding.current !== null && gliding.current !== index) return;
    gliding.current = null;
    setShown(index);
  }

  const takeOver = () => {
    gliding.current = null;
  };

  function show(index: number) {
    setShown(index);
    scrollTrack(track.current, gliding, index, true);
  }

  function openViewer(index: number, from: HTMLElement) {
    opener.current = from;
    setViewing(index);
  }

  function closeViewer() {
    setViewing(null);
    opener.current?.focus();
  }

  function onTrackKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    openViewer(shown, event.currentTarget);
  }

  const label = intl.formatMessage({ id: "product.images.label" }, { title });
  return (
    <div className="sf-gallery">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of product images named "Images of …"; a fieldset is for form controls and would add its border and padding. */}
      <div
        ref={track}
        className="sf-gallery__track"
        role="group"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the track scrolls sideways, so keyboard users must be able to focus it to scroll (axe scrollable-region-focusable).
        tabIndex={0}
        aria-describedby={hintId}
        onScroll={onScroll}
        onClick={(event) => openViewer(shown, event.currentTarget)}
        // The tap that hydrates the page opens the viewer too (renderer/held-events.ts).
        data-hold-click=""
        onKeyDown={onTrackKey}
        onPointerDown={takeOver}
        onTouchStart={takeOver}
        onWheel={takeOver}
      >
        {images.map((image, i) => (
          <div key={image.src} className="sf-gallery__slide" id={slideId(i)}>
            <img
              src={image.src}
              alt={image.alt}
              width={640}
              height={640}
              loading={i === 0 || i === active ? "eager" : "lazy"}
              decoding="async"
            />
          </div>
        ))}
      </div>
      <p id={hintId} className="sf-visually-hidden">
        {intl.formatMessage({ id: "product.viewer.open.hint" })}
      </p>
      <button
        type="button"
        className="sf-gallery__fullscreen"
        aria-label={intl.formatMessage({ id: "product.viewer.open" }, { index: shown + 1, count })}
        onClick={(event) => openViewer(shown, event.currentTarget)}
      >
        {/* Drawn, not the ⤢ character: few fonts have it (here only a serif one), and finding one
            cost the first product page of a tab a search through every font. */}
        <Icon className="sf-gallery__fullscreen-icon">
          <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
        </Icon>
      </button>
      {count > 1 && (
        <>
          <p className="sf-gallery__position" aria-hidden="true">
            {intl.formatMessage({ id: "product.images.position" }, { index: shown + 1, count })}
          </p>
          <ul className="sf-gallery__thumbs">
            {images.map((image, i) => {
              const name = intl.formatMessage({ id: "product.images.show" }, { index: i + 1, count });
              return (
                <li key={image.src}>
                  {/* The picture stays one element while its control changes on hydration, so it is not asked for again. */}
                  <img src={image.src} alt="" width={72} height={72} loading="lazy" decoding="async" />
                  {hydrated ? (
                    <button
                      type="button"
                      className="sf-gallery__thumb"
                      aria-pressed={i === shown}
                      aria-label={name}
                      onClick={() => show(i)}
                    />
                  ) : (
                    // Following the link scrolls the track to the slide, with no script at all.
                    <a className="sf-gallery__thumb" href={`#${slideId(i)}`}>
                      <span className="sf-visually-hidden">{name}</span>
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={images} start={viewing} label={label} onClose={closeViewer} />
        </Suspense>
      )}
    </div>
  );
}

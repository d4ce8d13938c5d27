import { useLayoutEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { SlidesProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";

/** Home page slides: a scroll-snap strip that works by swipe, scroll and Tab without
 *  JavaScript (the buttons are hidden then, app.css); with it, previous/next buttons step
 *  through it. It never advances by itself, so there is nothing to pause (WCAG 2.2.2). */
export default function Slides({ heading, label, slides }: SlidesProps) {
  const intl = useIntl();
  const headingId = useIslandId();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // A resized strip (a turned phone, a wider window) keeps showing the slide it showed.
  const shown = useRef(0);
  shown.current = index;
  const width = useRef(0);
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    width.current = el.clientWidth;
    // The slides hydrate when the shopper reaches for them (a press on a button the server drew
    // enabled, held until they have: held-events.ts), maybe after swiping the strip: the
    // position starts from where it is, before that press is handed over.
    if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      width.current = el.clientWidth;
      el.scrollTo({ left: shown.current * el.clientWidth, behavior: "instant" });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const go = (next: number) => {
    const el = strip.current;
    const target = Math.max(0, Math.min(slides.length - 1, next));
    // The strip's own scroll-behavior (smooth unless reduced motion is asked for) applies.
    el?.scrollTo({ left: target * el.clientWidth });
    setIndex(target);
  };
  const onScroll = () => {
    const el = strip.current;
    // Scrolling that comes with a resize is the browser re-snapping; the observer above sets it right.
    if (el && el.clientWidth > 0 && el.clientWidth === width.current) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  const count = slides.length;
  const regionName = heading ? undefined : (label ?? intl.formatMessage({ id: "slides.label" }));
  return (
    <section
      className="sf-slides"
      aria-roledescription={intl.formatMessage({ id: "slides.carousel" })}
      aria-label={regionName}
      aria-labelledby={heading ? headingId : undefined}
    >
      {heading && (
        <h1 className="sf-visually-hidden" id={headingId}>
          {heading}
        </h1>
      )}
      <div className="sf-slides__strip" ref={strip} onScroll={onScroll}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group with aria-roledescription "slide"; a fieldset is for form controls.
          <div
            className="sf-slides__slide"
            // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id and the list from the props never reorders; the index is also their announced position.
            key={i}
            role="group"
            aria-roledescription={intl.formatMessage({ id: "slides.slide" })}
            aria-label={intl.formatMessage({ id: "slides.position" }, { index: i + 1, count })}
          >
            <div className="sf-slides__text">
              <h2 className="sf-slides__title">{slide.title}</h2>
              {slide.text && <p className="sf-slides__lead">{slide.text}</p>}
              <a className="sf-button" href={slide.href}>
                {slide.ctaLabel}
              </a>
            </div>
            {/* The first slide is above the fold (the likely LCP); the rest wait. */}
            <img
              className="sf-slides__image"
              src={slide.image}
              alt=""
              width={240}
              height={240}
              loading={i === 0 ? "eager" : "lazy"}
              decoding="async"
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="sf-slides__controls">
          <button className="sf-slides__button" type="button" disabled={index === 0} onClick={() => go(index - 1)}>
            <span aria-hidden="true">‹ </span>
            {intl.formatMessage({ id: "slides.previous" })}
          </button>
          <p className="sf-slides__status" aria-live="polite">
            {intl.formatMessage({ id: "slides.position" }, { index: index + 1, count })}
          </p>
          <button className="sf-slides__button" type="button" disabled={index === count - 1} onClick={() => go(index + 1)}>
            {intl.formatMessage({ id: "slides.next" })}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
    </section>
  );
}

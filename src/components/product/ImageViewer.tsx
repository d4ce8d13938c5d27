// The full-screen image viewer ("mobile image"): a modal dialog over the page showing one
// image at a time. Previous/next by the buttons, the arrow keys or a swipe (pointer events, so
// mouse, pen and touch alike); zoom by the buttons, + and - (0 resets), or a double click or
// double tap; zoomed in, a drag or the arrow keys move the image. Escape and Close shut it and
// the opener gets the focus back (the caller's onClose). Loaded only when first opened.
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useIntl } from "react-intl";
import { useCloseWhenHidden } from "../../shared/island-frame";
import { useIslandId } from "../../shared/island-id";
import { trapTab } from "../common/focus-trap";
import { MinusIcon, PlusIcon } from "../common/Icon";

export interface ViewerImage {
  src: string;
  alt: string;
}

export interface ImageViewerProps {
  images: readonly ViewerImage[];
  /** The image shown first. */
  start: number;
  /** Names the dialog ("Images of Linen Shirt"). */
  label: string;
  onClose(): void;
}

const MAX_ZOOM = 3;
/** How far a swipe must go, in CSS pixels, to turn the page. */
const SWIPE_PX = 50;
/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const TAP_SLOP_PX = 12;
/** One arrow key press moves a zoomed image this far. */
const PAN_STEP_PX = 60;

interface Gesture {
  id: number;
  x: number;
  y: number;
  startPan: { x: number; y: number };
  moved: boolean;
}

export default function ImageViewer({ images, start, label, onClose }: ImageViewerProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const count = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), count - 1));
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [drag, setDrag] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);

  // Its page kept aside for Back: the dialog goes with the page.
  useCloseWhenHidden(onClose);

  // Focus and scroll lock come with the dialog's first paint, before a key pressed in that frame.
  useLayoutEffect(() => {
    closeButton.current?.focus();
    // The page behind a modal dialog does not scroll.
    document.documentElement.classList.add("sf-viewer-open");
    return () => document.documentElement.classList.remove("sf-viewer-open");
  }, []);

  /** Keeps a zoomed image covering the stage: it moves at most by what overflows. */
  function clampPan(next: { x: number; y: number }, scale = zoom) {
    const el = stage.current;
    const limitX = el ? ((scale - 1) * el.clientWidth) / 2 : 0;
    const limitY = el ? ((scale - 1) * el.clientHeight) / 2 : 0;
    return {
      x: Math.max(-limitX, Math.min(limitX, next.x)),
      y: Math.max(-limitY, Math.min(limitY, next.y)),
    };
  }

  function zoomTo(next: number) {
    const scale = Math.min(MAX_ZOOM, Math.max(1, next));
    setZoom(scale);
    setPan((p) => (scale === 1 ? { x: 0, y: 0 } : clampPan({ x: p.x, y: p.y }, scale)));
  }

  function go(step: number) {
    if (count < 2) return;
    setIndex((i) => (i + step + count) % count);
    setZoom(1);
    setPan({ x: 0, y: 0 });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (panel.current) trapTab(event, panel.current);
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    let handled = true;
    switch (event.key) {
      case "+":
      case "=":
        zoomTo(zoom + 1);
        break;
      case "-":
      case "_":
        zoomTo(zoom - 1);
        break;
      case "0":
        zoomTo(1);
        break;
      case "ArrowLeft":
      case "ArrowRight":
      case "ArrowUp":
      case "ArrowDown": {
        const dx = event.key === "ArrowLeft" ? 1 : event.key === "ArrowRight" ? -1 : 0;
        const dy = event.key === "ArrowUp" ? 1 : event.key === "ArrowDown" ? -1 : 0;
        // Zoomed in, the arrows move the image; else left and right turn the page.
        if (zoom > 1) setPan((p) => clampPan({ x: p.x + dx * PAN_STEP_PX, y: p.y + dy * PAN_STEP_PX }));
        else if (dx !== 0) go(-dx);
        else handled = false;
        break;
      }
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.current = { id: event.pointerId, x: event.clientX, y: event.clientY, startPan: pan, moved: false };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    if (Math.abs(dx) > TAP_SLOP_PX || Math.abs(dy) > TAP_SLOP_PX) g.moved = true;
    if (zoom > 1) setPan(clampPan({ x: g.startPan.x + dx, y: g.startPan.y + dy }));
    else setDrag(dx);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    gesture.current = null;
    const dx = event.clientX - g.x;
    setDrag(0);
    if (g.moved) {
      if (zoom === 1 && Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
      lastTap.current = null;
      return;
    }
    const now = event.timeStamp;
    const last = lastTap.current;
    if (last && now - last.at < DOUBLE_TAP_MS && Math.hypot(event.clientX - last.x, event.clientY - last.y) < TAP_SLOP_PX * 2) {
      lastTap.current = null;
      zoomTo(zoom > 1 ? 1 : 2);
    } else {
      lastTap.current = { at: now, x: event.clientX, y: event.clientY };
    }
  }

  function onPointerCancel() {
    gesture.current = null;
    setDrag(0);
  }

  const image = images[index]!;
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const dialog = (
    <div className="sf-viewer">
      <div
        ref={panel}
        className="sf-viewer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="sf-viewer__bar">
          <h2 id={titleId} className="sf-viewer__title">
            {label}
          </h2>
          <p className="sf-viewer__position" aria-live="polite">
            {say("product.viewer.position", { index: index + 1, count })}
          </p>
          <div className="sf-viewer__tools">
            <button
              type="button"
              className="sf-viewer__button"
              onClick={() => zoomTo(zoom - 1)}
              disabled={zoom <= 1}
              aria-label={say("product.viewer.zoomOut")}
            >
              <MinusIcon />
            </button>
            <span className="sf-viewer__zoom" aria-live="polite">
              {say("product.viewer.zoom", { zoom: Math.round(zoom * 100) })}
            </span>
            <button
              type="button"
              className="sf-viewer__button"
              onClick={() => zoomTo(zoom + 1)}
              disabled={zoom >= MAX_ZOOM}
              aria-label={say("product.viewer.zoomIn")}
            >
              <PlusIcon />
            </button>
            <button ref={closeButton} type="button" className="sf-viewer__button sf-viewer__close" onClick={onClose}>
              {say("product.viewer.close")}
            </button>
          </div>
        </div>
        {/* The stage takes swipes, drags and double taps; each has a button or a key too (the hint says which). */}
        <div
          ref={stage}
          className={`sf-viewer__stage${zoom > 1 ? " sf-viewer__stage--zoomed" : ""}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          <img
            key={image.src}
            className="sf-viewer__image"
            src={image.src}
            alt={image.alt}
            draggable={false}
            style={{
              transform: `translate(${pan.x + drag}px, ${pan.y}px) scale(${zoom})`,
            }}
          />
        </div>
        <p className="sf-viewer__hint">{say("product.viewer.hint")}</p>
        {count > 1 && (
          <div className="sf-viewer__nav">
            <button type="button" className="sf-viewer__button sf-viewer__prev" onClick={() => go(-1)}>
              {say("product.viewer.previous")}
            </button>
            <button type="button" className="sf-viewer__button sf-viewer__next" onClick={() => go(1)}>
              {say("product.viewer.next")}
            </button>
          </div>
        )}
      </div>
    </div>
  );
  return createPortal(dialog, document.body);
}

// A product card's quick view ("product modal"): a modal dialog with the product's images,
// price, stock, variant choice, "Add to cart" and a link to the full page. Its data comes from
// product/quickView when it opens; the default variant is the product page's (the first in
// stock). Focus moves into it and stays there (Tab wraps), Escape or Close shuts it and the
// caller puts the focus back on the card's button. Loaded on first use only.
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useIntl } from "react-intl";
import type { ProductQuickViewResponse } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useCloseWhenHidden } from "../../shared/island-frame";
import { useIslandId } from "../../shared/island-id";
import { defaultVariant } from "../../shared/product-variant";
import { trapTab } from "../common/focus-trap";
import AddToCart from "../product/AddToCart";
import ProductPrice from "../product/ProductPrice";
import ProductScore from "../product/ProductScore";

export interface QuickViewProps {
  slug: string;
  /** The product page's address (the card's link); a variant's is it followed by /{sku}. */
  href: string;
  /** The card's name for the product, shown while the rest loads. */
  title: string;
  onClose(): void;
}

export default function QuickView({ slug, href, title, onClose }: QuickViewProps) {
  const intl = useIntl();
  const post = useApiPost();
  const id = useIslandId();
  const [product, setProduct] = useState<ProductQuickViewResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [sku, setSku] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const say = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);

  // Its page kept aside for Back: the dialog goes with the page.
  useCloseWhenHidden(onClose);

  // Focus and scroll lock come with the dialog's first paint, before a key pressed in that frame.
  useLayoutEffect(() => {
    closeButton.current?.focus();
    document.documentElement.classList.add("sf-modal-open");
    return () => document.documentElement.classList.remove("sf-modal-open");
  }, []);

  useEffect(() => {
    let live = true;
    post("product/quickView", { slug }, { toast: false }).then(
      (answer) => {
        if (!live) return;
        setProduct(answer);
        const first = defaultVariant(answer.variants)!;
        setSku(first.sku);
        setImage(first.image ?? answer.images[0]!);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [post, slug]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (panel.current) trapTab(event, panel.current);
  }

  const variant = product?.variants.find((v) => v.sku === sku) ?? (product ? defaultVariant(product.variants) : undefined);
  const chosenDefault = product && variant ? defaultVariant(product.variants)?.sku === variant.sku : true;
  const fullHref = chosenDefault || !variant ? href : `${href.replace(/\/$/, "")}/${encodeURIComponent(variant.sku)}`;
  const soldOut = variant?.stock === 0;

  const dialog = (
    <div className="sf-quick">
      <div className="sf-quick__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className="sf-quick__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-busy={!product && !failed ? true : undefined}
        onKeyDown={onKeyDown}
      >
        <div className="sf-quick__head">
          <h2 id={`${id}-title`} className="sf-quick__title">
            {product?.title ?? title}
          </h2>
          <button ref={closeButton} type="button" className="sf-button sf-button--secondary sf-quick__close" onClick={onClose}>
            {say("quickView.close")}
          </button>
        </div>
        {failed && (
          <p className="sf-form-error" role="alert">
            {say("quickView.failed")}
          </p>
        )}
        {!product && !failed && (
          <p className="sf-quick__loading" role="status">
            {say("quickView.loading")}
          </p>
        )}
        {product && variant && (
          <div className="sf-quick__body">
            <div className="sf-quick__media">
              <img
                className="sf-quick__image"
                src={image ?? product.images[0]}
                alt={say("quickView.image", { title: product.title, variant: variant.title })}
                width={480}
                height={480}
              />
              {product.images.length > 1 && (
                <ul className="sf-quick__thumbs">
                  {product.images.map((src, i) => (
                    <li key={src}>
                      <button
                        type="button"
                        className="sf-quick__thumb"
                        aria-pressed={src === image}
                        aria-label={say("product.images.show", { index: i + 1, count: product.images.length })}
                        onClick={() => setImage(src)}
                      >
                        <img src={src} alt="" width={56} height={56} loading="lazy" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="sf-quick__info">
              {product.score !== undefined && product.reviewCount > 0 && (
                <ProductScore score={product.score} count={product.reviewCount} />
              )}
              {product.summary && <p className="sf-quick__summary">{product.summary}</p>}
              <div className="sf-quick__offer" aria-live="polite">
                <ProductPrice price={variant.price} linePrice={variant.linePrice} currency={product.currency} size="lg" />
                <p className={`sf-product__stock${soldOut ? " sf-product__stock--out" : ""}`}>
                  {soldOut
                    ? say("catalog.product.outOfStock")
                    : intl.formatMessage({ id: "catalog.product.inStock" }, { count: variant.stock })}
                </p>
              </div>
              <fieldset className="sf-quick__options">
                <legend className="sf-product__subtitle">{say("product.spec.label")}</legend>
                {product.variants.map((v) => (
                  <label key={v.sku} className={`sf-chip sf-quick__option${v.stock === 0 ? " sf-chip--disabled" : ""}`}>
                    <input
                      type="radio"
                      className="sf-quick__radio"
                      name={`${id}-variant`}
                      value={v.sku}
                      checked={v.sku === variant.sku}
                      onChange={() => {
                        setSku(v.sku);
                        if (v.image) setImage(v.image);
                      }}
                    />
                    {v.title}
                    {v.stock === 0 && <span className="sf-chip__note">{say("product.spec.outOfStock")}</span>}
                  </label>
                ))}
              </fieldset>
              <AddToCart sku={variant.sku} stock={variant.stock} quantity={1} />
              <p>
                <a className="sf-quick__details" href={fullHref}>
                  {say("quickView.details")}
                </a>
              </p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
  return createPortal(dialog, document.body);
}

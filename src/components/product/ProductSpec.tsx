// The variant chooser. Each option is a link to the variant's own address, so choosing
// works before (or without) JavaScript; once hydrated a click selects in place and only
// replaces the address. An option out of stock is not a link and says why
// (unless the address chose it: then it stays the current one).
import type { MouseEvent } from "react";
import { useState } from "react";
import { useIntl } from "react-intl";
import type { ProductDetailVariant, ProductSpecProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import { defaultVariant } from "../../shared/product-variant";
import { showVariantAddress } from "./variant-url";

export interface ProductSpecHandlers {
  /** Called when a shopper picks an option; without it the chooser only updates the address. */
  onSelect?: (variant: ProductDetailVariant) => void;
}

function plainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export default function ProductSpec({ variants, selectedSku, onSelect }: ProductSpecProps & ProductSpecHandlers) {
  const intl = useIntl();
  const labelId = useIslandId();
  const [own, setOwn] = useState(selectedSku ?? defaultVariant(variants)?.sku);
  const current = onSelect ? (selectedSku ?? defaultVariant(variants)?.sku) : own;
  const outOfStock = intl.formatMessage({ id: "product.spec.outOfStock" });

  function choose(event: MouseEvent, variant: ProductDetailVariant) {
    if (!plainClick(event)) return;
    event.preventDefault();
    if (variant.sku === current) return;
    showVariantAddress(variant.href);
    if (onSelect) onSelect(variant);
    else setOwn(variant.sku);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of variant links named by its h2; fieldset and legend are for form controls and would drop the heading from the outline.
    <div className="sf-spec" role="group" aria-labelledby={labelId}>
      <h2 id={labelId} className="sf-product__subtitle">
        {intl.formatMessage({ id: "product.spec.label" })}
      </h2>
      <ul className="sf-spec__options" data-no-prefetch>
        {variants.map((v) => {
          const selected = v.sku === current;
          const out = v.stock === 0;
          return (
            <li key={v.sku}>
              {out && !selected ? (
                <span className="sf-chip sf-chip--disabled" data-sku={v.sku}>
                  {v.title}
                  <span className="sf-chip__note">{outOfStock}</span>
                </span>
              ) : (
                <a
                  className="sf-chip"
                  href={v.href}
                  aria-current={selected ? "true" : undefined}
                  data-sku={v.sku}
                  onClick={(event) => choose(event, v)}
                >
                  {v.title}
                  {out && <span className="sf-chip__note">{outOfStock}</span>}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

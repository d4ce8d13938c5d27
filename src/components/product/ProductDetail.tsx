// The product page's main block. The variant chosen (first from the URL, else the first in
// stock, then by the shopper) drives the price, stock, SKU, image and what "Add to cart"
// adds; choosing one replaces the address with the variant's own without fetching the page
// again, and the document title becomes the one a first load of that address has.
import { useMemo, useRef, useState } from "react";
import { type IntlShape, useIntl } from "react-intl";
import type { ProductDetailData, ProductDetailProps, ProductDetailVariant, ProductSlidesImage } from "../../../generated/types";
import { defaultVariant, productPageTitle, retitle } from "../../shared/product-variant";
import { ownFlash } from "../common/form-post";
import AddToCart, { CART_ADD_FORM } from "./AddToCart";
import FavoriteButton from "./FavoriteButton";
import ProductPrice from "./ProductPrice";
import ProductScore from "./ProductScore";
import ProductSlides from "./ProductSlides";
import ProductSpec from "./ProductSpec";
import QuantityInput, { clampQuantity } from "./QuantityInput";
import { useReviewNews } from "./review-store";

/** cart/add takes at most this many units of a line. */
const MAX_PER_LINE = 99;

/**
 * The product's images, then any variant image not among them, each once; `lead` (the picture of
 * the variant the page opened with) first, as Dawn puts the selected variant's media first: the
 * track's first slide is what the server's HTML shows, with or without script, so the picture and
 * the counter agree before anything scrolls.
 */
function slidesOf(product: ProductDetailData, intl: IntlShape, lead: string | undefined): ProductSlidesImage[] {
  const sources = [
    ...new Set([...(lead ? [lead] : []), ...product.images, ...product.variants.flatMap((v) => (v.image ? [v.image] : []))]),
  ];
  return sources.map((src, i) => {
    const variants = product.variants.filter((v) => v.image === src).map((v) => v.title);
    return {
      src,
      alt: variants.length
        ? `${product.title}, ${variants.join(", ")}`
        : intl.formatMessage({ id: "product.images.alt" }, { title: product.title, index: i + 1, count: sources.length }),
    };
  });
}

export default function ProductDetail({ product, selectedSku, currency, productId, form }: ProductDetailProps) {
  const intl = useIntl();
  const [sku, setSku] = useState(() => selectedSku ?? defaultVariant(product.variants)!.sku);
  // A plain post that came back (no JavaScript) keeps the quantity typed and says what was wrong with it.
  const cartFlash = ownFlash(form, CART_ADD_FORM);
  const [quantity, setQuantity] = useState(() => Number(cartFlash?.values.quantity) || 1);
  const variant = product.variants.find((v) => v.sku === sku) ?? defaultVariant(product.variants)!;
  // The page title of the address shown: the product's, or the variant's once the address names one.
  const addressTitle = useRef(productPageTitle(product.title, product.variants.find((v) => v.sku === selectedSku)?.title));
  const news = useReviewNews(product.slug);
  const score = news ? news.summary.average : product.score;
  const reviewCount = news ? news.summary.count : product.reviewCount;

  function choose(next: ProductDetailVariant) {
    setSku(next.sku);
    const title = productPageTitle(product.title, next.title);
    document.title = retitle(document.title, addressTitle.current, title);
    addressTitle.current = title;
  }
  // The order stays the first render's while the shopper chooses, so the slides do not jump.
  const [lead] = useState(() => variant.image);
  const slides = useMemo(() => slidesOf(product, intl, lead), [product, intl, lead]);
  const active = Math.max(
    0,
    slides.findIndex((s) => s.src === (variant.image ?? product.images[0])),
  );
  const soldOut = variant.stock === 0;
  const max = Math.max(1, Math.min(MAX_PER_LINE, variant.stock));
  const units = clampQuantity(quantity, 1, max);
  const quantityError = cartFlash?.values.sku === variant.sku ? cartFlash.errors.quantity : undefined;

  return (
    <article className="sf-product">
      <div className="sf-product__media">
        <ProductSlides images={slides} title={product.title} active={active} />
      </div>
      <div className="sf-product__info">
        {product.category && (
          <p className="sf-product__category">
            <a href={product.category.href}>{product.category.name}</a>
          </p>
        )}
        <h1 className="sf-product__title">{product.title}</h1>
        {product.summary && <p className="sf-product__summary">{product.summary}</p>}
        {score !== undefined && reviewCount ? (
          <div>
            <ProductScore score={score} count={reviewCount} />
          </div>
        ) : null}
        <div className="sf-product__offer" aria-live="polite">
          <ProductPrice price={variant.price} linePrice={variant.linePrice} currency={currency} size="lg" />
          <p className={`sf-product__stock${soldOut ? " sf-product__stock--out" : ""}`}>
            {soldOut
              ? intl.formatMessage({ id: "catalog.product.outOfStock" })
              : intl.formatMessage({ id: "catalog.product.inStock" }, { count: variant.stock })}
          </p>
          <p className="sf-product__sku">{intl.formatMessage({ id: "catalog.product.sku" }, { sku: variant.sku })}</p>
        </div>
        <ProductSpec variants={product.variants} selectedSku={variant.sku} onSelect={choose} />
        <div className="sf-product__actions">
          <AddToCart sku={variant.sku} stock={variant.stock} quantity={units} {...(form ? { form } : {})}>
            <QuantityInput
              name="quantity"
              value={units}
              min={1}
              max={max}
              disabled={soldOut}
              onChange={setQuantity}
              error={quantityError ? intl.formatMessage({ id: quantityError }, { min: 1, max }) : null}
            />
          </AddToCart>
          {productId !== undefined && <FavoriteButton productId={productId} {...(form ? { form } : {})} />}
        </div>
        {product.description?.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs of the description, never reordered; two may have the same text.
          <p key={i}>{text}</p>
        ))}
      </div>
    </article>
  );
}

// One product in a grid. Once its island runs, a "Quick view" button over the image opens the
// product in a modal dialog (QuickView, whose code loads on that first use); the server's
// card has no such button, since it could not work before then.
import { lazy, Suspense, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { ProductCardProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import ProductPrice from "../product/ProductPrice";
import ProductScore from "../product/ProductScore";

const QuickView = lazy(() => import("./QuickView"));

/** Whole percent off the line price, or 0 when there is no discount worth showing. */
export function discountPercent(price: number, linePrice: number | undefined): number {
  if (linePrice === undefined || linePrice <= 0 || linePrice <= price) return 0;
  return Math.floor(((linePrice - price) / linePrice) * 100);
}

export default function ProductCard({ product, currency, headingLevel = 3, eager = false }: ProductCardProps) {
  const intl = useIntl();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const percent = discountPercent(product.price, product.linePrice);
  const hydrated = useHydrated();
  const [quick, setQuick] = useState(false);
  const quickButton = useRef<HTMLButtonElement>(null);
  return (
    <article className="sf-card">
      <a className="sf-card__link" href={product.href}>
        {/* width/height and the theme's aspect-ratio reserve the space before the image arrives. */}
        <img
          className="sf-card__image"
          src={product.image}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          width={240}
          height={240}
        />
        <Heading className="sf-card__title">{product.title}</Heading>
      </a>
      <p className="sf-card__price">
        <ProductPrice price={product.price} linePrice={product.linePrice} currency={currency} size="sm" />
        {percent > 0 && (
          <span className="sf-card__badge">{intl.formatMessage({ id: "catalog.card.discount" }, { percent })}</span>
        )}
      </p>
      {product.score !== undefined && product.reviewCount ? (
        <ProductScore score={product.score} count={product.reviewCount} />
      ) : null}
      {product.inStock === false && <p className="sf-card__stock">{intl.formatMessage({ id: "catalog.card.soldOut" })}</p>}
      {hydrated && (
        <button
          ref={quickButton}
          type="button"
          className="sf-card__quick"
          aria-haspopup="dialog"
          aria-label={intl.formatMessage({ id: "catalog.card.quickView.label" }, { title: product.title })}
          onClick={() => setQuick(true)}
        >
          {intl.formatMessage({ id: "catalog.card.quickView" })}
        </button>
      )}
      {quick && (
        <Suspense fallback={null}>
          <QuickView
            slug={product.slug}
            href={product.href}
            title={product.title}
            onClose={() => {
              setQuick(false);
              quickButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </article>
  );
}

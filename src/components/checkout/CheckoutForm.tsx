// The signed-in checkout: loads saved addresses, methods and the quote, and places the order.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { Address, CheckoutOptionsResponse, CheckoutQuoteResponse } from "../../../generated/types";
import { useApi } from "../../runtime/hooks/useApi";
import { useCart } from "../../runtime/hooks/useCartCount";
import { useNavigate } from "../../runtime/router/hooks";
import { formatValidation } from "../../runtime/validation/format";
import { check, select, shippingMethod } from "../../runtime/validation/rules";
import { failureMessage } from "../common/failure-message";
import { CASH_ON_DELIVERY, useStartPayment } from "../user/PayNow";
import AddressModal from "./AddressModal";
import AddressPicker from "./AddressPicker";
import CouponCode from "./CouponCode";
import OrderSummary from "./OrderSummary";
import PaymentMethods from "./PaymentMethods";
import ShippingMethods from "./ShippingMethods";

const REMARKS_MAX = 500;

type Loaded = { addresses: Address[]; options: CheckoutOptionsResponse; quote: CheckoutQuoteResponse };
type Errors = Partial<Record<"address" | "shipping" | "payment" | "submit", string>>;
type Modal = { kind: "closed" } | { kind: "add" } | { kind: "edit"; address: Address };

export default function CheckoutForm({ cartHref }: { cartHref: string }) {
  const intl = useIntl();
  const api = useApi();
  const cart = useCart();
  const navigate = useNavigate();
  const startPayment = useStartPayment();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [shipping, setShipping] = useState("");
  const [payment, setPayment] = useState("");
  const [coupon, setCoupon] = useState<string | undefined>(undefined);
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [placing, setPlacing] = useState(false);
  const [modal, setModal] = useState<Modal>({ kind: "closed" });
  const [attempt, setAttempt] = useState(0);
  const errorSummary = useRef<HTMLParagraphElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger, not read inside: bumping it re-runs the load.
  useEffect(() => {
    let live = true;
    setLoadError(null);
    Promise.all([
      api.post("address/list", {}, { toast: false }),
      api.post("checkout/options", {}, { toast: false }),
      api.post("checkout/quote", {}, { toast: false }),
    ]).then(
      ([addressList, options, quote]) => {
        if (!live) return;
        setLoaded({ addresses: addressList.items, options, quote });
        const preferred = addressList.items.find((a) => a.isDefault) ?? addressList.items[0];
        setAddressId(preferred?.id ?? null);
      },
      (error: unknown) => live && setLoadError(failureMessage(intl, error, "checkout.error.generic")),
    );
    return () => {
      live = false;
    };
    // Reloads only when the shopper asks to try again (api and intl are stable for the island's life).
  }, [api, intl, attempt]);

  async function requote(next: { shippingMethod?: string; couponCode?: string }): Promise<string | null> {
    try {
      const quote = await api.post(
        "checkout/quote",
        {
          ...(next.shippingMethod ? { shippingMethod: next.shippingMethod } : {}),
          ...(next.couponCode ? { couponCode: next.couponCode } : {}),
        },
        { toast: false },
      );
      setLoaded((current) => (current ? { ...current, quote } : current));
      return null;
    } catch (error) {
      return failureMessage(intl, error, "checkout.error.generic");
    }
  }

  if (loadError) {
    return (
      <div className="sf-checkout__failed">
        <p role="alert" className="sf-form-error">
          {loadError}
        </p>
        <button type="button" className="sf-button sf-button--secondary" onClick={() => setAttempt((n) => n + 1)}>
          {intl.formatMessage({ id: "checkout.retry" })}
        </button>
      </div>
    );
  }
  if (!loaded) return <div className="sf-skeleton sf-checkout__placeholder" aria-busy="true" />;
  const { addresses, options, quote } = loaded;
  if (quote.items.length === 0) {
    return (
      <div className="sf-checkout__empty">
        <p>{intl.formatMessage({ id: "checkout.empty" })}</p>
        <a className="sf-button sf-button--secondary" href={cartHref}>
          {intl.formatMessage({ id: "checkout.backToCart" })}
        </a>
      </div>
    );
  }

  function validate(): Errors {
    const found: Errors = {};
    if (addressId === null) found.address = intl.formatMessage({ id: "checkout.address.required" });
    const shippingProblem = check(shipping, shippingMethod(options.shippingMethods.map((m) => m.id)));
    if (shippingProblem) found.shipping = formatValidation(intl, shippingProblem);
    const paymentProblem = check(payment, select({ id: "checkout.paymentMethod" }));
    if (paymentProblem) found.payment = formatValidation(intl, paymentProblem);
    return found;
  }

  async function placeOrder() {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      errorSummary.current?.focus();
      return;
    }
    setPlacing(true);
    try {
      const order = await api.post(
        "checkout/submit",
        {
          addressId: addressId!,
          shippingMethod: shipping,
          paymentMethod: payment,
          ...(coupon ? { couponCode: coupon } : {}),
          ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
        },
        { toast: false },
      );
      // The ordered lines left the cart on the server.
      cart.add(-order.items.reduce((units, item) => units + item.quantity, 0));
      const thankYou = `/checkout/thankyou?orderNo=${encodeURIComponent(order.orderNo)}`;
      if (order.paymentMethod === CASH_ON_DELIVERY) return navigate(thankYou);
      // On to the provider's payment page; should it not open, the thank-you page offers "Pay now".
      await startPayment(order.orderNo).catch(() => navigate(thankYou));
    } catch (error) {
      setErrors({ submit: failureMessage(intl, error, "checkout.error.generic") });
      setPlacing(false);
      errorSummary.current?.focus();
    }
  }

  function saved(address: Address) {
    setModal({ kind: "closed" });
    setLoaded((current) =>
      current
        ? {
            ...current,
            addresses: [...current.addresses.filter((a) => a.id !== address.id), address].sort((a, b) => a.id - b.id),
          }
        : current,
    );
    setAddressId(address.id);
    setErrors(({ address: _, ...rest }) => rest);
  }

  const problems = Object.values(errors).filter(Boolean);
  return (
    <div className="sf-checkout__layout">
      <div className="sf-checkout__main">
        <AddressPicker
          addresses={addresses}
          value={addressId}
          error={errors.address ?? null}
          onChange={(id) => {
            setAddressId(id);
            setErrors(({ address: _, ...rest }) => rest);
          }}
          onAdd={() => setModal({ kind: "add" })}
          onEdit={(address) => setModal({ kind: "edit", address })}
        />
        {options.shippingMethods.length === 0 ? (
          <p className="sf-field__error" role="alert">
            {intl.formatMessage({ id: "validation.shippingMethod" })}
          </p>
        ) : (
          <ShippingMethods
            methods={options.shippingMethods}
            value={shipping}
            currency={quote.currency}
            error={errors.shipping ?? null}
            onChange={(id) => {
              setShipping(id);
              setErrors(({ shipping: _, ...rest }) => rest);
              void requote({ shippingMethod: id, couponCode: coupon }).then(
                (problem) => problem && setErrors((e) => ({ ...e, shipping: problem })),
              );
            }}
          />
        )}
        <PaymentMethods
          methods={options.paymentMethods}
          value={payment}
          currency={quote.currency}
          error={errors.payment ?? null}
          onChange={(id) => {
            setPayment(id);
            setErrors(({ payment: _, ...rest }) => rest);
          }}
        />
        <div className="sf-field">
          <label htmlFor="sf-checkout-remarks" className="sf-checkout__subtitle">
            {intl.formatMessage({ id: "checkout.remarks" })}
          </label>
          <textarea
            id="sf-checkout-remarks"
            className="sf-input sf-textarea"
            rows={3}
            maxLength={REMARKS_MAX}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
          />
        </div>
      </div>
      <aside className="sf-checkout__side">
        <CouponCode
          applied={quote.coupon}
          offers={quote.offers ?? []}
          onApply={async (code) => {
            const problem = await requote({ shippingMethod: shipping || undefined, couponCode: code });
            if (!problem) setCoupon(code);
            return problem;
          }}
          onRemove={() => {
            setCoupon(undefined);
            void requote({ shippingMethod: shipping || undefined });
          }}
        />
        <OrderSummary quote={quote} shippingChosen={shipping !== ""} />
        <p ref={errorSummary} tabIndex={-1} className="sf-form-error" role={problems.length ? "alert" : undefined}>
          {problems.length > 0 && (errors.submit ?? intl.formatMessage({ id: "checkout.fixErrors" }))}
        </p>
        <button type="button" className="sf-button sf-button--block" disabled={placing} onClick={() => void placeOrder()}>
          {intl.formatMessage({ id: placing ? "checkout.placing" : "checkout.placeOrder" })}
        </button>
      </aside>
      {modal.kind !== "closed" && (
        <AddressModal
          address={modal.kind === "edit" ? modal.address : undefined}
          onSaved={saved}
          onClose={() => setModal({ kind: "closed" })}
        />
      )}
    </div>
  );
}

// The signed-in checkout: saved addresses, methods and the quote (the server's, `initial`, or
// loaded through the API), and placing the order. It is one plain form posting to
// /form/checkout (the coupon has its own, beside it) until the island runs with the shopper's
// token (`live`): then it requotes as choices change and places the order through the API.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type {
  Address,
  CheckoutOptionsResponse,
  CheckoutOrderData,
  CheckoutQuoteResponse,
  FormState,
} from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useCart } from "../../runtime/hooks/useCartCount";
import { useNavigate } from "../../runtime/router/hooks";
import { formatValidation } from "../../runtime/validation/format";
import { check, select, shippingMethod } from "../../runtime/validation/rules";
import { useIslandId } from "../../shared/island-id";
import { failureMessage } from "../common/failure-message";
import { CASH_ON_DELIVERY, useStartPayment } from "../user/PayNow";
import { changedAddress } from "./AddressForm";
import AddressModal from "./AddressModal";
import AddressPicker, { NEW_ADDRESS } from "./AddressPicker";
import { ADDRESS_FIELDS, type AddressField, type AddressValues, EMPTY_ADDRESS } from "./address-rules";
import CouponCode from "./CouponCode";
import OrderSummary from "./OrderSummary";
import PaymentMethods from "./PaymentMethods";
import { ownForm, usePlainForms } from "./plain-form";
import ShippingMethods from "./ShippingMethods";

const REMARKS_MAX = 500;

type Loaded = { addresses: Address[]; options: CheckoutOptionsResponse; quote: CheckoutQuoteResponse };
type Errors = Partial<Record<"address" | "shipping" | "payment" | "submit", string>>;
type Modal = { kind: "closed" } | { kind: "add" } | { kind: "edit"; address: Address };
type Intl = ReturnType<typeof useIntl>;

interface Props {
  cartHref: string;
  /** The order as the server read it. */
  initial?: CheckoutOrderData | undefined;
  /** What a checkout or coupon post sent back. */
  form?: FormState | undefined;
  /** The island runs with the shopper's token: it uses the API instead of posting. */
  live: boolean;
}

/** A flashed message id in words; `field` names the field for messages that say which. */
const said = (intl: Intl, id: string, field?: string) =>
  intl.formatMessage({ id }, field ? { field: intl.formatMessage({ id: field }) } : undefined);

function flashedErrors(intl: Intl, form: FormState | null): Errors {
  if (!form) return {};
  const { addressId, shippingMethod: shipping, paymentMethod } = form.errors;
  return {
    ...(addressId ? { address: said(intl, addressId) } : {}),
    ...(shipping ? { shipping: said(intl, shipping) } : {}),
    ...(paymentMethod ? { payment: said(intl, paymentMethod, "checkout.paymentMethod") } : {}),
    ...(form.failure ? { submit: said(intl, form.failure) } : {}),
  };
}

function flashedAddressErrors(intl: Intl, form: FormState | null): Partial<Record<AddressField, string>> {
  if (!form) return {};
  return Object.fromEntries(
    ADDRESS_FIELDS.flatMap((field) => {
      const id = form.errors[field];
      return id ? [[field, said(intl, id, `address.${field}`)]] : [];
    }),
  );
}

/** The address chosen at first: the one a refused post chose, else the default, else the first. */
function firstAddress(addresses: readonly Address[], form: FormState | null, plain: boolean): number | typeof NEW_ADDRESS | null {
  const posted = form?.values.addressId;
  if (posted === NEW_ADDRESS && plain) return NEW_ADDRESS;
  const id = Number(posted);
  if (addresses.some((a) => a.id === id)) return id;
  const preferred = addresses.find((a) => a.isDefault) ?? addresses[0];
  return preferred?.id ?? (plain ? NEW_ADDRESS : null);
}

export default function CheckoutForm({ cartHref, initial, form, live }: Props) {
  const intl = useIntl();
  const post = useApiPost();
  const cart = useCart();
  const navigate = useNavigate();
  const startPayment = useStartPayment();
  const forms = usePlainForms();
  const formId = useIslandId();
  const flash = ownForm(form, "checkout");
  const couponFlash = ownForm(form, "coupon");
  const typed = (name: string) => flash?.values[name] ?? "";
  const [loaded, setLoaded] = useState<Loaded | null>(() =>
    initial
      ? {
          addresses: initial.addresses,
          options: { shippingMethods: initial.shippingMethods, paymentMethods: initial.paymentMethods },
          quote: initial.quote,
        }
      : null,
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const [addressId, setAddressId] = useState(() => (initial ? firstAddress(initial.addresses, flash, !live) : null));
  const [newAddress, setNewAddress] = useState<AddressValues>(() =>
    flash ? (Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, typed(f)])) as AddressValues) : EMPTY_ADDRESS,
  );
  const [newAddressErrors, setNewAddressErrors] = useState(() => flashedAddressErrors(intl, flash));
  const [shipping, setShipping] = useState(() => typed("shippingMethod"));
  const [payment, setPayment] = useState(() => typed("paymentMethod"));
  const [coupon, setCoupon] = useState<string | undefined>(initial?.quote.coupon?.code);
  const [remarks, setRemarks] = useState(() => typed("remarks"));
  const [errors, setErrors] = useState<Errors>(() => flashedErrors(intl, flash));
  const [placing, setPlacing] = useState(false);
  const [modal, setModal] = useState<Modal>({ kind: "closed" });
  const [attempt, setAttempt] = useState(0);
  const errorSummary = useRef<HTMLParagraphElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger, not read inside: bumping it re-runs the load.
  useEffect(() => {
    // The server's order needs no loading; without it the island asks once it runs with a token.
    if (initial || !live) return;
    let current = true;
    setLoadError(null);
    Promise.all([
      post("address/list", {}, { toast: false }),
      post("checkout/options", {}, { toast: false }),
      post("checkout/quote", {}, { toast: false }),
    ]).then(
      ([addressList, options, quote]) => {
        if (!current) return;
        setLoaded({ addresses: addressList.items, options, quote });
        const preferred = addressList.items.find((a) => a.isDefault) ?? addressList.items[0];
        setAddressId(preferred?.id ?? null);
      },
      (error: unknown) => current && setLoadError(failureMessage(intl, error, "checkout.error.generic")),
    );
    return () => {
      current = false;
    };
    // Reloads only when the shopper asks to try again (post and intl are stable for the island's life).
  }, [post, intl, attempt, live]);

  // What the shopper chose in the plain form before the island ran is kept, read from the form as
  // hydration left it, not reset to the server's blanks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the island first runs.
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const fields = new FormData(element);
    const chosen = (name: string) => {
      const value = fields.get(name);
      return typeof value === "string" ? value : "";
    };
    if (chosen("shippingMethod")) setShipping(chosen("shippingMethod"));
    if (chosen("paymentMethod")) setPayment(chosen("paymentMethod"));
    if (chosen("remarks")) setRemarks(chosen("remarks"));
  }, []);
  // Once the island calls the API, the quote follows a shipping method chosen before it ran.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the island takes over.
  useEffect(() => {
    if (live && shipping) void requote({ shippingMethod: shipping, ...(coupon ? { couponCode: coupon } : {}) });
  }, [live]);

  async function requote(next: { shippingMethod?: string; couponCode?: string }): Promise<string | null> {
    try {
      const quote = await post(
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
        {errors.submit && (
          <p role="alert" className="sf-form-error">
            {errors.submit}
          </p>
        )}
        <p>{intl.formatMessage({ id: "checkout.empty" })}</p>
        <a className="sf-button sf-button--secondary" href={cartHref}>
          {intl.formatMessage({ id: "checkout.backToCart" })}
        </a>
      </div>
    );
  }

  function validate(): Errors {
    const found: Errors = {};
    if (typeof addressId !== "number") found.address = intl.formatMessage({ id: "checkout.address.required" });
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
      const order = await post(
        "checkout/submit",
        {
          addressId: addressId as number,
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void placeOrder();
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

  const couponMessage = initial?.couponRefusal
    ? intl.formatMessage({ id: initial.couponRefusal.id }, initial.couponRefusal.values)
    : couponFlash && (couponFlash.errors.code ?? couponFlash.failure);
  const refused = couponMessage
    ? {
        code: couponFlash?.values.code ?? "",
        message: initial?.couponRefusal ? couponMessage : said(intl, couponMessage),
      }
    : undefined;
  const problems = Object.values(errors).filter(Boolean);
  return (
    <div className="sf-checkout__layout">
      <form
        id={formId}
        className="sf-checkout__main"
        method="post"
        action={live ? undefined : forms.action("checkout")}
        noValidate
        onSubmit={live ? onSubmit : undefined}
      >
        {!live && <input type="hidden" name="back" value={forms.back} />}
        {!live && coupon && <input type="hidden" name="couponCode" value={coupon} />}
        <AddressPicker
          addresses={addresses}
          value={addressId}
          error={errors.address ?? null}
          onChange={(id) => {
            setAddressId(id);
            setErrors(({ address: _, ...rest }) => rest);
          }}
          plain={
            live
              ? null
              : {
                  values: newAddress,
                  errors: newAddressErrors,
                  onChange: (field, value) => {
                    setNewAddress((current) => changedAddress(current, field, value));
                    setNewAddressErrors(({ [field]: _, ...rest }) => rest);
                  },
                }
          }
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
              if (!live) return;
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
            name="remarks"
            className="sf-input sf-textarea"
            rows={3}
            maxLength={REMARKS_MAX}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
          />
        </div>
      </form>
      <aside className="sf-checkout__side">
        <CouponCode
          applied={quote.coupon}
          offers={quote.offers ?? []}
          refused={refused}
          plain={live ? null : { action: forms.action("coupon"), back: forms.back }}
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
        <OrderSummary quote={quote} shippingChosen={live && shipping !== ""} />
        <p ref={errorSummary} tabIndex={-1} className="sf-form-error" role={problems.length ? "alert" : undefined}>
          {problems.length > 0 && (errors.submit ?? intl.formatMessage({ id: "checkout.fixErrors" }))}
        </p>
        {live ? (
          <button type="button" className="sf-button sf-button--block" disabled={placing} onClick={() => void placeOrder()}>
            {intl.formatMessage({ id: placing ? "checkout.placing" : "checkout.placeOrder" })}
          </button>
        ) : (
          <button type="submit" form={formId} className="sf-button sf-button--block">
            {intl.formatMessage({ id: "checkout.placeOrder" })}
          </button>
        )}
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

// Requesting a return of a paid order: what the shopper wants (return and refund, exchange,
// refund only), which lines and how many, the refund (at most what was paid for them), a
// description and up to 3 photos, sent as multipart. The server checks all of it again.
import { useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { Order, ReturnRequest } from "../../../generated/types";
import { useApi } from "../../runtime/hooks/useApi";
import { IMAGE_MAX_BYTES } from "../../shared/image-type";
import { useIslandId } from "../../shared/island-id";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";

const TYPES = ["return_refund", "exchange", "refund_only"] as const;
const MAX_PHOTOS = 3;
// What the server takes (src/shared/image-type.ts); the browser's type is only a first check.
const PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp"];
const DESC_MAX = 1000;

type ApplyType = (typeof TYPES)[number];
type Field = "lines" | "refund" | "desc" | "photos" | "submit";

export default function ReturnApplyForm({
  order,
  onApplied,
  onCancel,
}: {
  order: Order;
  onApplied: (returnNo: ReturnRequest["returnNo"]) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const api = useApi();
  const id = useIslandId();
  const lines = order.items.filter((i) => i.returnable > 0);
  const [type, setType] = useState<ApplyType>("return_refund");
  const [units, setUnits] = useState<Record<string, number>>(() =>
    Object.fromEntries(lines.map((l) => [l.sku, lines.length === 1 ? l.returnable : 0])),
  );
  const [refund, setRefund] = useState<string | null>(null);
  const [desc, setDesc] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const photos = useRef<HTMLInputElement>(null);

  const cap = useMemo(() => {
    const value = lines.reduce((sum, l) => sum + l.paidPrice * (units[l.sku] ?? 0), 0);
    return Math.min(Math.round(value * 100) / 100, order.refundable);
  }, [lines, units, order.refundable]);
  const refundValue = refund ?? cap.toFixed(2);
  const price = (n: number) => formatPrice(intl, n, order.currency);
  const say = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!lines.some((l) => (units[l.sku] ?? 0) > 0)) found.lines = say("return.error.lines");
    const amount = Number(refundValue);
    if (type !== "exchange" && (!/^\d+(\.\d{1,2})?$/.test(refundValue.trim()) || amount > cap))
      found.refund = say("return.error.refund", { max: price(cap) });
    if (!desc.trim()) found.desc = say("return.error.desc");
    const files = [...(photos.current?.files ?? [])];
    if (files.length > MAX_PHOTOS) found.photos = say("return.error.photoCount");
    else if (files.some((f) => !PHOTO_TYPES.includes(f.type) || f.size > IMAGE_MAX_BYTES))
      found.photos = say("return.error.photoFile");
    return found;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const field = Object.keys(found)[0];
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    const body = new FormData();
    body.append("orderNo", order.orderNo);
    body.append("applyType", type);
    body.append("applyDesc", desc.trim());
    body.append(
      "lines",
      JSON.stringify(lines.filter((l) => (units[l.sku] ?? 0) > 0).map((l) => ({ sku: l.sku, quantity: units[l.sku] }))),
    );
    if (type !== "exchange") body.append("refundAmount", Number(refundValue).toFixed(2));
    for (const file of photos.current?.files ?? []) body.append("photos", file);
    setBusy(true);
    try {
      const created = await api.post("return/apply", body, { toast: false });
      onApplied(created.returnNo);
    } catch (failure) {
      setErrors({ submit: failureMessage(intl, failure, "checkout.error.generic") });
      setBusy(false);
    }
  }

  const described = (field: Field) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {});
  const error = (field: Field) =>
    errors[field] ? (
      <p className="sf-field__error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="sf-return-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="sf-checkout__subtitle" id={`${id}-title`}>
        {say("return.request")}
      </h2>
      <fieldset className="sf-return-form__group">
        <legend className="sf-field__label">{say("return.type")}</legend>
        {TYPES.map((t) => (
          <label key={t} className="sf-return-form__choice">
            <input type="radio" name={`${id}-type`} value={t} checked={type === t} onChange={() => setType(t)} />{" "}
            {say(`return.type.${t}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="sf-return-form__group" aria-describedby={errors.lines ? `${id}-lines-error` : undefined}>
        <legend className="sf-field__label">{say("return.lines")}</legend>
        {lines.map((l, i) => (
          <div key={l.sku} className="sf-field sf-return-form__line">
            <label className="sf-field__label" htmlFor={i === 0 ? `${id}-lines` : `${id}-line-${l.sku}`}>
              {say("return.units", { title: l.variantTitle ? `${l.title} · ${l.variantTitle}` : l.title, max: l.returnable })}
            </label>
            <input
              id={i === 0 ? `${id}-lines` : `${id}-line-${l.sku}`}
              className="sf-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={l.returnable}
              value={units[l.sku] ?? 0}
              onChange={(e) =>
                setUnits((u) => ({ ...u, [l.sku]: Math.max(0, Math.min(l.returnable, Math.floor(Number(e.target.value) || 0))) }))
              }
            />
          </div>
        ))}
        {error("lines")}
      </fieldset>
      {type !== "exchange" && (
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={`${id}-refund`}>
            {say("return.refund", { max: price(cap) })}
          </label>
          <input
            id={`${id}-refund`}
            className="sf-input"
            type="text"
            inputMode="decimal"
            value={refundValue}
            onChange={(e) => setRefund(e.target.value)}
            {...described("refund")}
          />
          {error("refund")}
        </div>
      )}
      <div className="sf-field">
        <label className="sf-field__label" htmlFor={`${id}-desc`}>
          {say("return.desc")}
        </label>
        <textarea
          id={`${id}-desc`}
          className="sf-input"
          rows={4}
          maxLength={DESC_MAX}
          value={desc}
          onChange={(e) => setDesc(e.target.value)}
          {...described("desc")}
        />
        {error("desc")}
      </div>
      <div className="sf-field">
        <label className="sf-field__label" htmlFor={`${id}-photos`}>
          {say("return.photos")} <span className="sf-field__optional">{say("return.photos.hint")}</span>
        </label>
        <input
          id={`${id}-photos`}
          ref={photos}
          className="sf-input"
          type="file"
          accept={PHOTO_TYPES.join(",")}
          multiple
          {...described("photos")}
        />
        {error("photos")}
      </div>
      <p role="alert" className="sf-form-error" id={`${id}-submit`} tabIndex={-1}>
        {errors.submit ?? ""}
      </p>
      <div className="sf-order__buttons">
        <button type="submit" className="sf-button" disabled={busy}>
          {say("return.submit")}
        </button>
        <button type="button" className="sf-button sf-button--secondary" onClick={onCancel}>
          {say("return.close")}
        </button>
      </div>
    </form>
  );
}

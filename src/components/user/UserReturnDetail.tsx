// One return, rendered by the server for the signed-in shopper: number, order, type, refund, description, lines, status and the merchant's
// review (with the refuse reason). Once approved, where to send the goods and a form for the
// parcel's carrier, tracking number and sending day; a pending return can be withdrawn. It
// follows the live channel, so the merchant's decision shows without a reload.
import { useCallback, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { ReturnRequest, UserReturnDetailProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useBusEvent } from "../../runtime/hooks/useBusEvent";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useIslandId } from "../../shared/island-id";
import OrderItems from "../checkout/OrderItems";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";
import LocalTime from "./LocalTime";
import ReturnStatus from "./ReturnStatus";

export default function UserReturnDetail({ request: initial, returnsHref, orderHref }: UserReturnDetailProps) {
  const intl = useIntl();
  const post = useApiPost();
  const hydrated = useHydrated();
  const [r, setRequest] = useState(initial);
  const [withdrawing, setWithdrawing] = useState(false);
  const [error, setError] = useState("");
  const returnNo = initial.returnNo;
  // The merchant's decision arrives on the live channel; a failed reload keeps what is shown.
  const reload = useCallback(
    () => post("return/detail", { returnNo }, { toast: false }).then(setRequest, () => undefined),
    [post, returnNo],
  );
  useBusEvent("message:return.status", (frame) => {
    if ((frame.data as { returnNo?: unknown } | undefined)?.returnNo === returnNo) reload();
  });
  // Frames sent before the socket (re)connected, or before the island listened, are lost:
  // catch up once it runs and on each connection.
  useEffect(() => void reload(), [reload]);
  useBusEvent("message:hello", reload);

  const back = (
    <p>
      <a href={returnsHref}>{intl.formatMessage({ id: "return.back" })}</a>
    </p>
  );
  const heading = <h1 className="sf-orders__title">{intl.formatMessage({ id: "return.number" }, { returnNo })}</h1>;
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const sendsGoods = r.applyType !== "refund_only";
  const open = r.status === "pending";

  async function withdraw() {
    setError("");
    try {
      setRequest(await post("return/cancel", { returnNo }, { toast: false }));
      setWithdrawing(false);
    } catch (failure) {
      setError(failureMessage(intl, failure, "checkout.error.generic"));
    }
  }

  return (
    <section className="sf-order">
      {heading}
      <p className="sf-order__meta">
        <ReturnStatus request={r} />
      </p>
      {/* Following the return live, and its actions, run in script. */}
      <noscript>
        <p className="sf-noscript">{say("return.noscript")}</p>
      </noscript>
      <dl className="sf-order__facts">
        <div>
          <dt>{say("return.order")}</dt>
          <dd>
            <a href={orderHref.replace("{orderNo}", encodeURIComponent(r.orderNo))}>{r.orderNo}</a>
          </dd>
        </div>
        <div>
          <dt>{say("return.type")}</dt>
          <dd>{say(`return.type.${r.applyType}`)}</dd>
        </div>
        <div>
          <dt>{say("return.refundLabel")}</dt>
          <dd>{formatPrice(intl, r.refundAmount, r.currency)}</dd>
        </div>
        <div>
          <dt>{say("return.requestedAt")}</dt>
          <dd>
            <LocalTime value={r.createdAt} time />
          </dd>
        </div>
        <div>
          <dt>{say("return.photoCount")}</dt>
          <dd>{intl.formatNumber(r.photos)}</dd>
        </div>
      </dl>
      <h2 className="sf-checkout__subtitle">{say("return.desc")}</h2>
      <p>{r.applyDesc}</p>
      <h2 className="sf-checkout__subtitle">{say("return.lines")}</h2>
      <OrderItems items={r.lines} currency={r.currency} />
      {r.auditStatus === "refused" && (
        <>
          <h2 className="sf-checkout__subtitle">{say("return.refuseDesc")}</h2>
          <p>{r.refuseDesc}</p>
        </>
      )}
      {r.auditStatus === "approved" && sendsGoods && (
        <>
          <h2 className="sf-checkout__subtitle">{say("return.merchantAddress")}</h2>
          <dl className="sf-order__facts">
            <div>
              <dt>{say("return.consignee")}</dt>
              <dd>{r.merchantAddress.consignee}</dd>
            </div>
            <div>
              <dt>{say("return.contact")}</dt>
              <dd>{r.merchantAddress.phone}</dd>
            </div>
            <div>
              <dt>{say("return.address")}</dt>
              <dd>{r.merchantAddress.address}</dd>
            </div>
          </dl>
          <h2 className="sf-checkout__subtitle">{say("return.parcel")}</h2>
          {r.logisticsNo ? (
            <dl className="sf-order__facts">
              <div>
                <dt>{say("return.logisticsCompany")}</dt>
                <dd>{r.logisticsCompany}</dd>
              </div>
              <div>
                <dt>{say("return.logisticsNo")}</dt>
                <dd>{r.logisticsNo}</dd>
              </div>
              {r.deliveredAt && (
                <div>
                  <dt>{say("return.deliveredAt")}</dt>
                  <dd>{intl.formatDate(r.deliveredAt, { dateStyle: "medium", timeZone: "UTC" })}</dd>
                </div>
              )}
            </dl>
          ) : (
            // Its date bounds are the shopper's own day, which only the browser knows.
            open && hydrated && <ParcelForm returnNo={returnNo} onSent={setRequest} />
          )}
        </>
      )}
      {open && !r.logisticsNo && (
        <div className="sf-order__actions">
          {withdrawing ? (
            <fieldset className="sf-order__confirm">
              <legend>{say("return.withdraw.confirm")}</legend>
              <button type="button" className="sf-button" onClick={() => void withdraw()}>
                {say("return.withdraw.yes")}
              </button>
              <button type="button" className="sf-button sf-button--secondary" onClick={() => setWithdrawing(false)}>
                {say("return.withdraw.no")}
              </button>
            </fieldset>
          ) : (
            <button
              type="button"
              className="sf-button sf-button--secondary"
              onClick={() => setWithdrawing(true)}
              disabled={!hydrated}
            >
              {say("return.withdraw")}
            </button>
          )}
          <p role="alert" className="sf-form-error">
            {error}
          </p>
        </div>
      )}
      {back}
    </section>
  );
}

type ParcelField = "company" | "number" | "day";

function ParcelForm({ returnNo, onSent }: { returnNo: string; onSent: (request: ReturnRequest) => void }) {
  const intl = useIntl();
  const post = useApiPost();
  const id = useIslandId();
  // The shopper's own calendar day: the parcel went today at the latest.
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  const [values, setValues] = useState<Record<ParcelField, string>>({ company: "", number: "", day: today });
  const [errors, setErrors] = useState<Partial<Record<ParcelField | "submit", string>>>({});
  const [busy, setBusy] = useState(false);
  const say = (key: string) => intl.formatMessage({ id: key });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<ParcelField, string>> = {};
    if (!values.company.trim()) found.company = say("return.error.company");
    if (!values.number.trim()) found.number = say("return.error.number");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day) || values.day > today) found.day = say("return.error.day");
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    setBusy(true);
    try {
      onSent(
        await post(
          "return/ship",
          { returnNo, logisticsCompany: values.company.trim(), logisticsNo: values.number.trim(), deliveredAt: values.day },
          { toast: false },
        ),
      );
    } catch (failure) {
      setErrors({ submit: failureMessage(intl, failure, "checkout.error.generic") });
      setBusy(false);
    }
  }

  const field = (name: ParcelField, label: string, type: "text" | "date", max: number) => (
    <div className="sf-field">
      <label className="sf-field__label" htmlFor={`${id}-${name}`}>
        {say(label)}
      </label>
      <input
        id={`${id}-${name}`}
        className="sf-input"
        type={type}
        maxLength={type === "text" ? max : undefined}
        max={type === "date" ? today : undefined}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        {...(errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {})}
      />
      {errors[name] && (
        <p className="sf-field__error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="sf-return-form" onSubmit={(e) => void submit(e)} noValidate>
      {field("company", "return.logisticsCompany", "text", 100)}
      {field("number", "return.logisticsNo", "text", 100)}
      {field("day", "return.deliveredAt", "date", 10)}
      <p role="alert" className="sf-form-error">
        {errors.submit ?? ""}
      </p>
      <button type="submit" className="sf-button" disabled={busy}>
        {say("return.parcel.send")}
      </button>
    </form>
  );
}

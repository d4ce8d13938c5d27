// The address book (user/address): the saved addresses as the server rendered them, and, once
// hydrated, add and edit in the same modal form the checkout uses, delete (asked twice) and
// make default. What happened is said in a polite live region.
import { useState } from "react";
import { useIntl } from "react-intl";
import type { Address, AddressBookProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import AddressModal from "../checkout/AddressModal";
import { addressLines } from "../checkout/AddressPicker";
import { failureMessage } from "../common/failure-message";
import { useText } from "../common/use-text";
import { ListStatus } from "./ListStatus";

type Modal = { kind: "closed" } | { kind: "add" } | { kind: "edit"; address: Address };

export default function AddressBook({ addresses: initial }: AddressBookProps) {
  const intl = useIntl();
  const post = useApiPost();
  const hydrated = useHydrated();
  const [addresses, setAddresses] = useState<Address[]>(initial);
  const [modal, setModal] = useState<Modal>({ kind: "closed" });
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const t = useText("account.address");

  async function run(work: () => Promise<Address[]>, done: string) {
    setBusy(true);
    setError("");
    setStatus("");
    try {
      setAddresses(await work());
      setStatus(done);
    } catch (failure) {
      setError(failureMessage(intl, failure));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  const reload = async () => (await post("address/list", {}, { toast: false })).items;

  return (
    <section className="sf-address-book" aria-labelledby="sf-address-book-title">
      <div className="sf-account-lists__head">
        <h1 id="sf-address-book-title" className="sf-account-lists__title">
          {intl.formatMessage({ id: "page.user.address.title" })}
        </h1>
        <button type="button" className="sf-button" disabled={!hydrated} onClick={() => setModal({ kind: "add" })}>
          {intl.formatMessage({ id: "address.add" })}
        </button>
      </div>
      <ListStatus status={status} error={error} />
      {addresses.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className="sf-address-book__list">
          {addresses.map((address) => {
            const [name = "", ...rest] = addressLines(address, intl.locale);
            return (
              <li key={address.id} className="sf-address-book__card">
                <p className="sf-address-book__name">
                  <strong>{name}</strong>
                  {address.isDefault && <span className="sf-address-book__badge">{t("default")}</span>}
                </p>
                <address className="sf-address-book__lines">
                  {rest.filter(Boolean).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
                <div className="sf-address-book__actions">
                  <button
                    type="button"
                    className="sf-link-button"
                    disabled={!hydrated || busy}
                    onClick={() => setModal({ kind: "edit", address })}
                  >
                    {intl.formatMessage({ id: "checkout.address.edit" })}
                    <span className="sf-visually-hidden"> {name}</span>
                  </button>
                  {!address.isDefault && (
                    <button
                      type="button"
                      className="sf-link-button"
                      disabled={!hydrated || busy}
                      onClick={() =>
                        void run(
                          async () => (await post("address/setDefault", { id: address.id }, { toast: false })).items,
                          t("madeDefault", { name }),
                        )
                      }
                    >
                      {t("makeDefault")}
                      <span className="sf-visually-hidden"> {name}</span>
                    </button>
                  )}
                  {confirming === address.id ? (
                    <span className="sf-address-book__confirm">
                      <button
                        type="button"
                        className="sf-link-button sf-link-button--danger"
                        disabled={busy}
                        onClick={() =>
                          void run(
                            async () => {
                              await post("address/delete", { id: address.id }, { toast: false });
                              return reload();
                            },
                            t("deleted", { name }),
                          )
                        }
                      >
                        {t("confirmDelete")}
                        <span className="sf-visually-hidden"> {name}</span>
                      </button>
                      <button type="button" className="sf-link-button" onClick={() => setConfirming(null)}>
                        {t("keep")}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="sf-link-button"
                      disabled={!hydrated || busy}
                      onClick={() => setConfirming(address.id)}
                    >
                      {t("delete")}
                      <span className="sf-visually-hidden"> {name}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {modal.kind !== "closed" && (
        <AddressModal
          address={modal.kind === "edit" ? modal.address : undefined}
          onSaved={() => {
            setModal({ kind: "closed" });
            void run(reload, t("saved"));
          }}
          onClose={() => setModal({ kind: "closed" })}
        />
      )}
    </section>
  );
}

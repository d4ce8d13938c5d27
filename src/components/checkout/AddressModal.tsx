// The address form in a modal dialog. The native <dialog> traps focus, closes on Escape
// and gives focus back to the button that opened it.
import { useLayoutEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { Address } from "../../../generated/types";
import { useApi } from "../../runtime/hooks/useApi";
import { useIslandId } from "../../shared/island-id";
import { failureMessage } from "../common/failure-message";
import AddressForm from "./AddressForm";
import { type AddressValues, EMPTY_ADDRESS, toSaveRequest, toValues } from "./address-rules";

interface Props {
  /** The address being edited; none adds a new one. */
  address?: Address;
  onSaved(address: Address): void;
  onClose(): void;
}

export default function AddressModal({ address, onSaved, onClose }: Props) {
  const intl = useIntl();
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useIslandId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A layout effect, so the dialog is closed (and focus handed back) before React removes it.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  async function save(values: AddressValues) {
    setSaving(true);
    setError(null);
    try {
      const saved = await api.post("address/save", toSaveRequest(values, address?.id), { toast: false });
      onSaved(saved);
    } catch (failure) {
      setError(failureMessage(intl, failure, "checkout.error.generic"));
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="sf-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="sf-dialog__title">
        {intl.formatMessage({ id: address ? "address.edit" : "address.add" })}
      </h2>
      <AddressForm
        idPrefix={`sf-address${titleId.replace(/[^a-zA-Z0-9_-]/g, "")}`}
        initial={address ? toValues(address) : EMPTY_ADDRESS}
        saving={saving}
        error={error}
        onSubmit={(values) => void save(values)}
        onCancel={onClose}
      />
    </dialog>
  );
}

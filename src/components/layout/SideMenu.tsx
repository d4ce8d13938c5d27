// The header's menu for small screens: a modal drawer. Opening moves focus into it, Tab
// stays inside, Escape or the close button or the backdrop closes it, and focus goes
// back to the button that opened it. The page behind does not scroll while it is open.
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { trapTab } from "../common/focus-trap";
import { CloseIcon } from "../common/Icon";

export interface SideMenuProps {
  id: string;
  open: boolean;
  onClose(): void;
  children?: ReactNode;
}

export function SideMenu({ id, open, onClose, children }: SideMenuProps) {
  const intl = useIntl();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { body } = document;
    const overflow = body.style.overflow;
    body.style.overflow = "hidden";
    const panel = panelRef.current;
    // The first link, not the close button: what the shopper opened the menu for.
    panel?.querySelector<HTMLElement>("a[href]")?.focus();
    return () => {
      body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (panelRef.current) trapTab(event, panelRef.current);
  }

  const title = intl.formatMessage({ id: "menu.title" });
  return (
    <div className="sf-sidemenu" hidden={!open}>
      <div className="sf-sidemenu__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        className="sf-sidemenu__panel"
        id={id}
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        // A link followed inside the menu leaves the page behind; the menu goes with it.
        onClick={(event) => {
          if ((event.target as Element).closest("a[href]")) onClose();
        }}
      >
        <div className="sf-sidemenu__head">
          <p className="sf-sidemenu__title">{title}</p>
          <button
            type="button"
            className="sf-sidemenu__close"
            aria-label={intl.formatMessage({ id: "menu.close" })}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

// A return's status and the merchant's review as words in the shopper's language.
import { useIntl } from "react-intl";
import type { ReturnRequest } from "../../../generated/types";

export default function ReturnStatus({ request }: { request: Pick<ReturnRequest, "status" | "auditStatus"> }) {
  const intl = useIntl();
  return (
    <span className="sf-order-status">
      <span className={`sf-badge sf-badge--return-${request.status}`}>
        {intl.formatMessage({ id: `return.status.${request.status}` })}
      </span>
      <span className={`sf-badge sf-badge--audit-${request.auditStatus}`}>
        {intl.formatMessage({ id: `return.audit.${request.auditStatus}` })}
      </span>
    </span>
  );
}

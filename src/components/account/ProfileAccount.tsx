// Account settings (user/account): how the shopper signs in. The email address and the
// mobile number each with whether it is verified (an unverified address leads to the verify
// prompt, which sends the link again), where to change them and the password (the security
// page's sections), and the account's dates. Server HTML only: every action is a link.
import { useIntl } from "react-intl";
import type { ProfileAccountProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import { useText } from "../common/use-text";

function Verified({ verified, label }: { verified: boolean; label: (id: string) => string }) {
  return (
    <span className={`sf-badge ${verified ? "sf-badge--ok" : "sf-badge--warn"}`}>
      {label(verified ? "verified" : "unverified")}
    </span>
  );
}

export default function ProfileAccount({
  title,
  user,
  memberSince,
  verifyHref,
  securityHref,
  activityHref,
  profileHref,
}: ProfileAccountProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const t = useText("account.identity");
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const mobile = user.mobile ? [user.countryCode, user.mobile].filter(Boolean).join(" ") : "";
  return (
    <section className="sf-identity" aria-labelledby={titleId}>
      <h1 className="sf-profile__title" id={titleId}>
        {title}
      </h1>
      <p className="sf-profile__intro">{t("intro")}</p>
      <dl className="sf-identity__list">
        <div className="sf-identity__item">
          <dt>{t("email")}</dt>
          <dd>
            {user.email ? (
              <>
                <span className="sf-identity__value">{user.email}</span>{" "}
                <Verified verified={user.emailVerified === true} label={t} />
              </>
            ) : (
              <span className="sf-identity__none">{t("none")}</span>
            )}
          </dd>
          <dd className="sf-identity__actions">
            {user.email && user.emailVerified !== true && <a href={verifyHref}>{t("resend")}</a>}
            <a href={`${securityHref}#email`}>{t(user.email ? "email.change" : "email.add")}</a>
          </dd>
        </div>
        <div className="sf-identity__item">
          <dt>{t("mobile")}</dt>
          <dd>
            {mobile ? (
              <>
                <span className="sf-identity__value">{mobile}</span>{" "}
                <Verified verified={user.mobileVerified === true} label={t} />
              </>
            ) : (
              <span className="sf-identity__none">{t("none")}</span>
            )}
          </dd>
          <dd className="sf-identity__actions">
            <a href={`${securityHref}#mobile`}>
              {t(!mobile ? "mobile.add" : user.mobileVerified ? "mobile.change" : "mobile.verify")}
            </a>
          </dd>
        </div>
        <div className="sf-identity__item">
          <dt>{t("password")}</dt>
          <dd>
            <span className="sf-identity__value">{t("password.set")}</span>
          </dd>
          <dd className="sf-identity__actions">
            <a href={`${securityHref}#password`}>{t("password.change")}</a>
          </dd>
        </div>
      </dl>
      <h2 className="sf-profile__subtitle">{t("account")}</h2>
      <dl className="sf-identity__dates">
        <div>
          <dt>{t("memberSince")}</dt>
          <dd>{intl.formatDate(memberSince, { dateStyle: "long" })}</dd>
        </div>
        <div>
          <dt>{t("lastLogin")}</dt>
          <dd>{user.lastLogin ? date(user.lastLogin) : t("never")}</dd>
        </div>
      </dl>
      <ul className="sf-identity__links">
        <li>
          <a href={`${securityHref}#sessions`}>{t("sessions")}</a>
        </li>
        <li>
          <a href={activityHref}>{t("activity")}</a>
        </li>
        <li>
          <a href={profileHref}>{t("profile")}</a>
        </li>
      </ul>
    </section>
  );
}

// The sign-in and sign-up pages: their own templates, with the links their forms offer.
// The `redirect` query stays in the address, where the form reads it.
import type { Links } from "../links";

export interface AuthPage {
  template: string;
  page: Record<string, unknown>;
}

export function authPage(routeName: string, links: Links, t: (id: string) => string): AuthPage | null {
  switch (routeName) {
    case "auth-signin":
      return {
        template: "signin",
        page: { title: t("page.auth.signin.title"), signupHref: links.to("/auth/signup"), forgotHref: links.to("/auth/forget") },
      };
    case "auth-signup":
      return {
        template: "signup",
        page: {
          title: t("page.auth.signup.title"),
          signinHref: links.to("/auth/signin"),
          privacyHref: links.page("privacy"),
          termsHref: links.page("terms"),
        },
      };
    default:
      return null;
  }
}

// Sign-in, sign-up and sign-out as plain form posts. Sign-in keeps the token auth/signin
// hands out in the HttpOnly sf_session cookie (the island keeps it in localStorage instead);
// sign-out revokes it as auth/signout does and clears both session cookies. Their checks and
// words are the islands' own (sign-in-check.ts, sign-up-check.ts), their throttles the API's.
import { redirectTarget, withRedirect } from "../../components/auth/redirect";
import { checkSignIn, signInBody } from "../../components/auth/sign-in-check";
import { checkSignUp, signUpBody } from "../../components/auth/sign-up-check";
import { withPrefix } from "../../shared/language-prefix";
import { isSameSitePath } from "../../shared/same-site-path";
import type { MessageId } from "../messages";
import { errorIds, failureId } from "./messages";
import { defineForm, type FormContext, type FormOutcome } from "./register";
import { sessionOf } from "./run-call";
import { clearSessionCookie, setSessionCookie, writeAuthCookie } from "./session-cookie";

/** The `redirect` a sign-in or sign-up page was opened with, passed on by the form. */
const redirectOf = (ctx: FormContext) => ctx.fields.get("redirect")?.slice(0, 2048) || null;

/** The origin the form was posted to, which a `redirect` must resolve to. */
const originOf = (ctx: FormContext) => `${ctx.request.protocol}://${ctx.request.headers.host ?? "localhost"}`;

/** The sign-in call's refusals a shopper can act on, by their message id. */
function signInFailure(id: MessageId | undefined): { failure: string; errors: Record<string, string> } | null {
  switch (id) {
    case "refusal.signin.incorrect":
      return { failure: "form.signin.incorrect", errors: { password: "form.password.again" } };
    case "refusal.signin.throttled":
      return { failure: "form.signin.throttled", errors: {} };
    case "refusal.signin.confirmEmail":
    case "refusal.signin.confirmMobile":
      return { failure: "form.signin.unconfirmed", errors: {} };
    case "refusal.account.format":
      return { failure: "form.failed", errors: { account: "validation.account.format" } };
    default:
      return null;
  }
}

const signIn = defineForm("signin", async (ctx): Promise<FormOutcome> => {
  const values = { account: ctx.fields.get("account") ?? "", password: ctx.fields.get("password") ?? "" };
  const redirect = redirectOf(ctx);
  // What the page gets back: the account typed and where to go after, never the password.
  const kept = { account: values.account.slice(0, 200), ...(redirect ? { redirect } : {}) };
  const errors = errorIds(checkSignIn(values));
  if (Object.keys(errors).length > 0) return { back: ctx.back, state: { values: kept, errors } };
  const outcome = await ctx.run("auth/signin", signInBody(values));
  if (!outcome.ok) {
    const known = signInFailure(outcome.failure.id);
    return {
      back: ctx.back,
      state: { values: kept, errors: known?.errors ?? {}, failure: known?.failure ?? failureId(outcome.failure) },
    };
  }
  setSessionCookie(ctx.reply, ctx.request, outcome.data.token);
  // As the island: a same-site redirect (never back to the auth forms), else the account center.
  return {
    redirect:
      redirect && isSameSitePath(redirect) ? redirectTarget(redirect, originOf(ctx), ctx.prefix) : ctx.links.user("center"),
  };
});

const signUp = defineForm("signup", async (ctx): Promise<FormOutcome> => {
  const text = (name: string) => ctx.fields.get(name) ?? "";
  const values = {
    account: text("account"),
    countryCode: text("countryCode"),
    password: text("password"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    agree: ctx.fields.get("agree") !== null,
  };
  const redirect = redirectOf(ctx);
  const kept = {
    account: values.account.slice(0, 200),
    countryCode: values.countryCode.slice(0, 10),
    firstName: values.firstName.slice(0, 200),
    lastName: values.lastName.slice(0, 200),
    ...(values.agree ? { agree: "on" } : {}),
    ...(redirect ? { redirect } : {}),
  };
  const errors = errorIds(checkSignUp(values));
  if (Object.keys(errors).length > 0) return { back: ctx.back, state: { values: kept, errors } };
  // The mailed link carries where the shopper was going, so that confirming continues there.
  const body: Record<string, unknown> = { ...signUpBody(values), ...(redirect && isSameSitePath(redirect) ? { redirect } : {}) };
  const outcome = await ctx.run("auth/signup", body);
  if (!outcome.ok) return { back: ctx.back, state: { values: kept, errors: {}, failure: failureId(outcome.failure) } };
  // Where the island goes: the prompt saying where the confirmation link went.
  const sentTo =
    outcome.data.channel === "email"
      ? `sent=email&to=${encodeURIComponent(String(body.email ?? ""))}`
      : `sent=mobile&to=${encodeURIComponent(String(body.mobile ?? ""))}&cc=${encodeURIComponent(String(body.countryCode ?? ""))}`;
  return { redirect: withRedirect(withPrefix(ctx.prefix, `/auth/verify-prompt?${sentTo}`), redirect) };
});

/**
 * Confirms an account with its mailed link's code (a button, never the link's GET, which mail
 * scanners open), signs its owner in as the island does, and continues where they were going
 * when they signed up (`redirect`), else to the page that says what was confirmed. A used or
 * expired code goes to the page without it, which says so and offers a new link.
 */
const verifyEmail = defineForm("verify-email", async (ctx): Promise<FormOutcome> => {
  const code = (ctx.fields.get("code") ?? "").slice(0, 64);
  const redirect = redirectOf(ctx);
  const page = ctx.links.to("/auth/verify-email");
  const outcome = await ctx.run("auth/verifyEmail", { code });
  if (!outcome.ok) {
    if (outcome.failure.status === 200 || outcome.failure.status === 400) return { redirect: page };
    return { back: ctx.back, state: { values: {}, errors: {}, failure: failureId(outcome.failure) } };
  }
  setSessionCookie(ctx.reply, ctx.request, outcome.data.token);
  return {
    redirect: redirect && isSameSitePath(redirect) ? redirectTarget(redirect, originOf(ctx), ctx.prefix) : `${page}?verified=1`,
  };
});

const signOut = defineForm("signout", async (ctx): Promise<FormOutcome> => {
  // Each cookie's token is revoked (the form's and the island's mirror may differ); the cookies go whatever the call answers.
  for (let tokens = 2; tokens > 0 && sessionOf(ctx); tokens--) await ctx.run("auth/signout", {});
  clearSessionCookie(ctx.reply, ctx.request);
  writeAuthCookie(ctx.reply, ctx.request, null);
  return { redirect: ctx.links.home() };
});

export const authForms = [signIn, signUp, verifyEmail, signOut];

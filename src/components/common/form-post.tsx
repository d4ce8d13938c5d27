// What an island needs for its form to work as a plain post before (or without) its
// JavaScript (issue 20): the address `{prefix}/form/{name}`, the hidden `back` field holding
// the page it is on, and the flash a failed post sent back (`$form`, bound by the template),
// which the island shows only when it is its own form's.
import type { FormEvent, ReactNode, RefObject } from "react";
import { useLocation, useRouter, useSearch } from "wouter";
import type { FormState } from "../../../generated/types";
import { useRouteInfo } from "../../runtime/router/hooks";
import type { ValidationMessage } from "../../runtime/validation/rules";
import { withPrefix } from "../../shared/language-prefix";

export interface FormPost {
  /** The form's action: POST {prefix}/form/{name}. */
  action: string;
  /** The page's path and query, which the server sends the shopper back to. */
  back: string;
}

export function useFormPost(name: string): FormPost {
  const { prefix } = useRouteInfo();
  const { base } = useRouter();
  const [path] = useLocation();
  const search = useSearch();
  const here = base && path === "/" ? base : base + path;
  return { action: withPrefix(prefix, `/form/${name}`), back: here + (search ? `?${search}` : "") };
}

/** The hidden field every form post carries. */
export function BackField({ back }: { back: string }) {
  return <input type="hidden" name="back" value={back} />;
}

/**
 * A form that posts to its address with the page to come back to until its island takes the
 * submit over (`onSubmit` prevents the post once the island has checked the fields).
 */
export function PlainForm(props: {
  post: FormPost;
  className: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={props.className}
      method="post"
      action={props.post.action}
      noValidate
      ref={props.formRef}
      onSubmit={props.onSubmit}
      aria-busy={props.busy}
    >
      <BackField back={props.post.back} />
      {props.children}
    </form>
  );
}

/** The flash when it is the form `name`'s, else null. */
export function ownFlash(form: FormState | undefined, name: string): FormState | null {
  return form?.name === name ? form : null;
}

/**
 * A flash's field errors as the messages a form shows. The flash holds message ids only;
 * `values` gives a field's placeholders (the bounds of its request schema).
 */
export function flashErrors(
  flash: FormState | null,
  values: (field: string) => Record<string, number> = () => ({}),
): Record<string, ValidationMessage> {
  const errors: Record<string, ValidationMessage> = {};
  for (const [field, id] of Object.entries(flash?.errors ?? {})) if (id) errors[field] = { id, values: values(field) };
  return errors;
}

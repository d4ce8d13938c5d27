// GET forms (search, filters) navigate in the page like links do: the form's fields
// become the query of its action. POST forms, forms with a target and forms marked
// data-reload are left to the browser.
import { type LinkRules, navigableUrl, RELOAD_ATTR } from "./links";

export interface FormSubmit {
  url: URL;
  form: HTMLFormElement;
}

export function submittedForm(event: SubmitEvent, rules: LinkRules): FormSubmit | null {
  if (event.defaultPrevented) return null;
  const form = event.target as HTMLFormElement | null;
  if (form?.tagName !== "FORM") return null;
  const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null;
  const method = (submitter?.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get").toLowerCase();
  if (method !== "get") return null;
  const target = submitter?.getAttribute("formtarget") ?? form.getAttribute("target");
  if (target && target !== "_self") return null;
  if (form.closest(`[${RELOAD_ATTR}]`) || submitter?.hasAttribute(RELOAD_ATTR)) return null;
  const action = submitter?.getAttribute("formaction") ?? form.getAttribute("action") ?? "";
  let url: URL;
  try {
    url = new URL(action || rules.current().href, form.ownerDocument.baseURI);
  } catch {
    return null;
  }
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") query.append(name, value);
  if (submitter?.name) query.append(submitter.name, submitter.value);
  url.search = query.toString();
  url.hash = "";
  const navigable = navigableUrl(url, rules);
  return navigable ? { url: navigable, form } : null;
}

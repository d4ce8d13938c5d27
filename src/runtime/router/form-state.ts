// What a page's form fields hold, so that a page drawn again from a snapshot shows them as
// the visitor left them. Fields are found again by their form's place on the page and their
// name; passwords and files are never kept. A value goes in through the element's own value
// setter followed by an input event, so a React island's controlled field takes it too.
export interface FieldState {
  form: number;
  name: string;
  /** Which of the form's fields of this name (radio groups, repeated names). */
  index: number;
  value?: string;
  checked?: boolean;
}

const SKIPPED = new Set(["password", "file", "hidden", "submit", "button", "reset", "image"]);

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldsOf(root: ParentNode): [number, string, number, Field][] {
  const out: [number, string, number, Field][] = [];
  root.querySelectorAll("form").forEach((form, f) => {
    const seen = new Map<string, number>();
    for (const element of Array.from(form.elements)) {
      const field = element as Field;
      if (!field.name || (field instanceof HTMLInputElement && SKIPPED.has(field.type))) continue;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement))
        continue;
      const index = seen.get(field.name) ?? 0;
      seen.set(field.name, index + 1);
      out.push([f, field.name, index, field]);
    }
  });
  return out;
}

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

export function captureFields(root: ParentNode | null): FieldState[] {
  if (!root) return [];
  return fieldsOf(root).map(([form, name, index, field]) =>
    isToggle(field) ? { form, name, index, checked: field.checked } : { form, name, index, value: field.value },
  );
}

export function restoreFields(root: ParentNode | null, states: FieldState[]): void {
  if (!root || states.length === 0) return;
  const byPlace = new Map(states.map((s) => [`${s.form}\u0000${s.name}\u0000${s.index}`, s]));
  for (const [form, name, index, field] of fieldsOf(root)) {
    const state = byPlace.get(`${form}\u0000${name}\u0000${index}`);
    if (!state) continue;
    if (isToggle(field)) {
      if (state.checked === undefined || field.checked === state.checked) continue;
      field.click();
      continue;
    }
    if (state.value === undefined || field.value === state.value) continue;
    // The prototype's setter, not the element's: React tracks the value through its own.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    setter?.call(field, state.value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}

// Escaping for text the server writes into HTML.
const ATTR: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#39;", "<": "&lt;", ">": "&gt;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ATTR[c]!);
}

/**
 * JSON for a <script type="application/json">: `<`, `>`, `&` and U+2028/2029 are written
 * as \u escapes, so `</script>` and `<!--` cannot end or change the script element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

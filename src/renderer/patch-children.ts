// Brings an element's children up to new markup in place. A header or footer that comes again
// with the next page differs from the last one only in a few attributes and texts (its links
// back to the page): changing those keeps its elements, so the browser parses, styles and lays
// out none of them again, and a word typed into one of its fields stays. Children whose shape
// changed (another element, more or fewer nodes) are replaced by a copy of the new ones.

const ELEMENT_NODE = 1;

/**
 * Makes `target`'s children equal to `source`'s. `source` (parsed markup, often kept to be
 * used again) is only read, never moved.
 */
export function patchChildren(target: Element, source: Node): void {
  if (sameShape(target, source)) patchTree(target, source);
  else target.replaceChildren(...Array.from(source.childNodes, (node) => target.ownerDocument.importNode(node, true)));
}

/** The same nodes, each the same kind of element or text, all the way down. */
function sameShape(a: Node, b: Node): boolean {
  let x = a.firstChild;
  let y = b.firstChild;
  for (; x !== null && y !== null; x = x.nextSibling, y = y.nextSibling) {
    if (x.nodeType !== y.nodeType) return false;
    if (x.nodeType !== ELEMENT_NODE) continue;
    const ex = x as Element;
    const ey = y as Element;
    if (ex.localName !== ey.localName || ex.namespaceURI !== ey.namespaceURI) return false;
    // A template's markup is in its content, outside its children: compared whole when patched.
    if (ex.localName !== "template" && !sameShape(ex, ey)) return false;
  }
  return x === null && y === null;
}

function patchTree(a: Node, b: Node): void {
  for (let x = a.firstChild, y = b.firstChild; x !== null && y !== null; x = x.nextSibling, y = y.nextSibling) {
    if (x.nodeType !== ELEMENT_NODE) {
      if (x.nodeValue !== y.nodeValue) x.nodeValue = y.nodeValue;
      continue;
    }
    const ex = x as Element;
    const ey = y as Element;
    patchAttributes(ex, ey);
    if (ex.localName !== "template") patchTree(ex, ey);
    else if (ex.innerHTML !== ey.innerHTML) ex.innerHTML = ey.innerHTML;
  }
}

function patchAttributes(x: Element, y: Element): void {
  // By qualified name, which getAttribute reads without making an Attr for each; a prefixed
  // name (xlink:href in SVG) is set in its namespace.
  const wanted = y.getAttributeNames();
  for (const name of wanted) {
    const value = y.getAttribute(name)!;
    if (x.getAttribute(name) === value) continue;
    if (name.includes(":")) {
      const attr = y.getAttributeNode(name)!;
      x.setAttributeNS(attr.namespaceURI, name, value);
    } else x.setAttribute(name, value);
  }
  const present = x.getAttributeNames();
  // Every wanted attribute is present now: equal counts mean there is nothing else.
  if (present.length === wanted.length) return;
  for (const name of present) if (!y.hasAttribute(name)) x.removeAttribute(name);
}

// Maps JSON pointers of a JSON text to line numbers, so a validation error can name the
// line of the value that broke the rule. The text is known to parse; this only walks it.
export function pointerLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;
  const skip = () => {
    while (i < text.length && /[\s,:]/.test(text[i]!)) {
      if (text[i] === "\n") line++;
      i++;
    }
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): void => {
    skip();
    lines.set(pointer, line);
    const c = text[i];
    if (c === "{") {
      i++;
      for (skip(); text[i] !== "}"; skip()) {
        const key = readString();
        skip();
        value(`${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
      }
      i++;
    } else if (c === "[") {
      i++;
      skip();
      for (let n = 0; text[i] !== "]"; n++, skip()) value(`${pointer}/${n}`);
      i++;
    } else if (c === '"') {
      readString();
    } else {
      while (i < text.length && /[^\s,\]}]/.test(text[i]!)) i++;
    }
  };
  value("");
  return lines;
}

/** Line of a parse error, from the character position JSON.parse reports. */
export function parseErrorLine(text: string, message: string): number | undefined {
  const position = /position (\d+)/.exec(message)?.[1];
  if (position !== undefined) return text.slice(0, Number(position)).split("\n").length;
  const line = /line (\d+)/.exec(message)?.[1];
  return line === undefined ? undefined : Number(line);
}

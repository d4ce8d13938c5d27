export interface JsonPosition {
  line: number;
  column: number;
}

export class JsonSyntaxError extends Error {
  constructor(message: string, position: JsonPosition, pointer: string);
  position: JsonPosition;
  pointer: string;
}

export function pointerSegment(key: string | number): string;

export function parseJson(text: string): {
  value: unknown;
  positions: Map<string, { key?: JsonPosition; value?: JsonPosition }>;
  duplicates: Array<{ pointer: string; position: JsonPosition }>;
};

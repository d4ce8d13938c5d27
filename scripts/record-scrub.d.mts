export declare const BASE_PLACEHOLDER: string;
export declare const DATE_PLACEHOLDER: string;
export declare const SCRUB_KEYS: Readonly<Record<string, string>>;

export interface Scrubber {
  remember(literal: string, placeholder: string): void;
  text(value: string): string;
  json<T>(value: T): T;
  headers(headers: Headers): Record<string, string>;
}

export declare function createScrubber(): Scrubber;
export declare function isPlaceholder(value: unknown): boolean;

// Types of store-generate.mjs, which tests import to write a synthetic store.
export interface GenerateOptions {
  /** Products in all, the demo store's 48 first (at least 48). */
  products: number;
  /** Categories in all, the demo store's first. */
  categories: number;
  /** The folder written (emptied first). */
  out: string;
}
export declare function generateStore(options: GenerateOptions): { products: number; categories: number; reviews: number };

// negotiator 1.x ships no types, and @types/negotiator (written for 0.6) lacks the `preferred`
// option that breaks a tie of weights in the server's favour.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}

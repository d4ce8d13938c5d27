export declare const MESSAGE_LANGUAGES: readonly string[];
export declare function buildMessages(root: string): Map<string, string>;

export declare const browserAliases: Record<string, string>;

import type Ajv from "ajv";

export declare const AJV_OPTIONS: Readonly<{ strict: true; strictTypes: false; useDefaults: true; allErrors: false }>;
export declare const ANNOTATION_KEYWORDS: readonly string[];
export declare function addVocabulary<A extends Ajv>(ajv: A): A;

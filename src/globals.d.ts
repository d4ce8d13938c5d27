/** True in development builds (`node build.mjs --dev`): extra checks that production skips. */
declare const __DEV__: boolean;

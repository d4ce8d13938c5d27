// What the server bundle exposes for rendering pages.
export { renderIsland, IslandPropsError } from "./ssr";
export { renderDocument } from "./document";
export { readManifest, documentAssets } from "./manifest";
export { registry } from "../registry/index";

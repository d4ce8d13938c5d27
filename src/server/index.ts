// What the server bundle exposes for rendering pages.

export { registry } from "../registry/index";
export { renderDocument } from "./document";
export { documentAssets, readManifest } from "./manifest";
export { IslandPropsError, renderIsland } from "./ssr";

/*
 * Which built files the scanner's service worker keeps (docs/decisions/034): the scanner page and
 * what it loads, nothing of the organizer's app. Read by packages/web/vite.config.ts at build time,
 * from dist/.vite/manifest.json; no browser code imports it.
 */

/** One entry of Vite's build manifest (build.manifest), the fields this reads. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The files (JS, CSS and assets, paths relative to dist/) that the page `entry` loads, at once or
 * later: its static imports and every dynamic import, transitively (the camera decoder and its
 * worker included), so that each works with no network.
 */
export function filesOfPage(manifest: BuildManifest, entry: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  visit(entry);
  return files;
}

/** A precache entry as workbox-build hands it to a manifest transform. */
export interface PrecacheCandidate {
  url: string;
  size: number;
  revision: string | null;
}

/**
 * The precache list of the scanner: the files the glob found, keeping those under assets/ only when
 * the scanner page loads them (`pageFiles`); the page and the public files the glob names (icons,
 * favicon) pass as they are. Fails the build when a page file is missing from the list, so the
 * offline page can never lose its camera or a chunk silently.
 */
export function scannerPrecache(
  candidates: PrecacheCandidate[],
  pageFiles: Set<string>,
): PrecacheCandidate[] {
  const kept = candidates.filter(({ url }) => !url.startsWith('assets/') || pageFiles.has(url));
  const listed = new Set(kept.map(({ url }) => url));
  const missing = [...pageFiles].filter((file) => !listed.has(file));
  if (missing.length > 0) {
    throw new Error(`the scanner's service worker would miss ${missing.join(', ')}: widen globPatterns`);
  }
  return kept;
}

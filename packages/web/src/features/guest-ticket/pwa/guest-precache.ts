/*
 * Which built files the guest page's service worker keeps: t.html and what it loads, the favicon
 * and the icons; nothing of the organizer's app or the scanner. Read by packages/web/vite.config.ts
 * at build time; no browser code imports it.
 */

/** A precache entry as workbox-build hands it to a manifest transform. */
export interface PrecacheCandidate {
  url: string;
  size: number;
  revision: string | null;
}

/**
 * The files the glob found, keeping those under assets/ only when the guest page loads them
 * (`pageFiles`, from Vite's manifest). Fails the build when a page file is missing from the list,
 * so the page can never open without its script or stylesheet when offline.
 */
export function guestPrecache(candidates: PrecacheCandidate[], pageFiles: Set<string>): PrecacheCandidate[] {
  const kept = candidates.filter(({ url }) => !url.startsWith('assets/') || pageFiles.has(url));
  const listed = new Set(kept.map(({ url }) => url));
  const missing = [...pageFiles].filter((file) => !listed.has(file));
  if (missing.length > 0) {
    throw new Error(`the guest page's service worker would miss ${missing.join(', ')}: widen globPatterns`);
  }
  return kept;
}

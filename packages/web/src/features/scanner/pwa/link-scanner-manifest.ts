/*
 * The installed scanner opens this event's scanner: its web app manifest is per API key, answered
 * by the server at /scanner/{apiKey}/manifest.webmanifest (start_url and scope /scanner/{apiKey}).
 * scanner.html is one file for every key (and the copy the service worker keeps), so the page links
 * its own key's manifest as it starts (docs/decisions/034).
 */

export const scannerManifestUrl = (apiKey: string) =>
  `/scanner/${encodeURIComponent(apiKey)}/manifest.webmanifest`;

/** Adds <link rel="manifest"> for `apiKey`; without a key the page is not installable. */
export function linkScannerManifest(apiKey: string, doc: Document = document): void {
  if (!apiKey || doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = scannerManifestUrl(apiKey);
  doc.head.append(link);
}

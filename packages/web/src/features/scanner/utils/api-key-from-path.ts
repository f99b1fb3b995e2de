/** The API key in a public scanner URL, /scanner/{apiKey}; '' when the URL has none. */
export function apiKeyFromPath(pathname: string): string {
  const match = /^\/scanner\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!).trim();
  } catch {
    return '';
  }
}

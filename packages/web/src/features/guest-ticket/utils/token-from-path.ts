/** The token in a guest ticket URL, /t/{token}; '' when the URL has none. */
export function tokenFromPath(pathname: string): string {
  const match = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!).trim();
  } catch {
    return '';
  }
}

/** Hands a file made or fetched in the page to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Hands a downloaded file to the browser to save, under `filename`: an object URL on a link that is clicked once and
 * then let go. Browser only (an event handler's); the API's files need the bearer token, which a plain link to the
 * API would not carry.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

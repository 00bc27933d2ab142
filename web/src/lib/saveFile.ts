/** Hands `data` to the browser as a JSON download named `fileName` (small files only). */
export function saveJsonFile(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

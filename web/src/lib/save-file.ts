/** Saves text as a file through a temporary link (the browser's own download). */
export function saveFile(text: string, filename: string, type: string): void {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a JSON value as a file. */
export const saveJson = (value: unknown, filename: string): void =>
  saveFile(JSON.stringify(value, null, 2), filename, 'application/json');

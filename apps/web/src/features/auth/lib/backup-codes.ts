/** The text of the backup-codes file: one code per line under a short header. */
export function backupCodesText(codes: string[], email: string, now: Date = new Date()): string {
  return [
    'ContestHub two-factor backup codes',
    `Account: ${email}`,
    `Generated: ${now.toISOString()}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The `br` of POST /api/trc/path (spec §7): processor count and time zone, base64. */
export function browserSignature(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
    return btoa(`${navigator.hardwareConcurrency ?? ''}|${zone}`);
  } catch {
    return '';
  }
}

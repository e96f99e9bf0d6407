/** Placeholder until its feature lands. */
export function SettingsTab() {
  return null;
}

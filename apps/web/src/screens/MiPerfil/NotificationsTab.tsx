/** Placeholder until its feature lands. */
export function NotificationsTab() {
  return null;
}

/** Placeholder until its feature lands. */
export function ChannelTab() {
  return null;
}

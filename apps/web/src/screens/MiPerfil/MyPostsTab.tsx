/** Placeholder until its feature lands. */
export function MyPostsTab() {
  return null;
}

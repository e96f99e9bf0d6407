/** One user's posts as a grid that opens the post modal: the profile screens' wall. Placeholder until it lands. */
export function UserPosts(_props: { username: string }) {
  return null;
}

import type { WallComment } from '@nomadas/shared/schemas';

interface CommentFields {
  id: string;
  text: string;
  likes_count: number;
  created_at: Date | string;
  username: string;
  img_profile: string;
  liked: boolean | number | null;
}

export function presentComment(row: CommentFields, items: WallComment[] = []): WallComment {
  return {
    id: Number(row.id),
    comentario: row.text,
    username: row.username,
    userimg: row.img_profile,
    date: new Date(row.created_at).toISOString(),
    likes: row.likes_count,
    islike: row.liked ? 1 : 0,
    items,
  };
}

/** Rows oldest first → top-level comments, each with its replies in `items`. */
export function presentCommentTree(rows: (CommentFields & { parent_id: string | null })[]): WallComment[] {
  const topLevel: WallComment[] = [];
  const byId = new Map<string, WallComment>();
  for (const row of rows) {
    if (row.parent_id === null) {
      const comment = presentComment(row);
      byId.set(row.id, comment);
      topLevel.push(comment);
    } else {
      // A parent always has a smaller id than its replies, so it is already in the map.
      byId.get(row.parent_id)?.items.push(presentComment(row));
    }
  }
  return topLevel;
}

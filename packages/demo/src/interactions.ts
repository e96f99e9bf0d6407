import type { Random } from './random.js';
import type { SeedComment } from './seed.queries.js';
import { authorReply, bystanderReply, pickComments, type DemoComment } from './texts.js';

const HOUR_MS = 3600 * 1000;

export interface InteractionPlan {
  follows: Array<{ follower_id: string; followed_id: string; created_at: Date }>;
  likes: Array<{ post_id: string; user_id: string; created_at: Date }>;
  /** Top-level comments, oldest first. */
  comments: Array<{ row: Omit<SeedComment, 'parent_id'> }>;
  /** Replies, oldest first; `parentIndex` points into `comments`. */
  replies: Array<{ row: Omit<SeedComment, 'parent_id'>; parentIndex: number }>;
  /** `commentIndex` points into comments followed by replies. */
  commentLikes: Array<{ commentIndex: number; userId: string; created_at: Date }>;
}

/**
 * Who follows whom, who liked and said what: a small community where a few posts get lots of
 * attention and most get a little, and authors answer the comments on their posts.
 */
export function planInteractions(
  random: Random,
  input: { userIds: string[]; posts: Array<{ id: string; authorIndex: number; at: number }>; now: number },
): InteractionPlan {
  const { userIds, posts, now } = input;
  const after = (at: number, maxHours: number) =>
    new Date(Math.min(now - 60_000, at + random.range(0.2, maxHours) * HOUR_MS));
  const others = (index: number) => userIds.filter((_, i) => i !== index);
  const plan: InteractionPlan = { follows: [], likes: [], comments: [], replies: [], commentLikes: [] };

  userIds.forEach((followerId, i) => {
    const count =
      i === 0 ? Math.min(12, userIds.length - 1) : random.int(2, Math.min(14, userIds.length - 1));
    for (const followedId of random.sample(others(i), count)) {
      plan.follows.push({
        follower_id: followerId,
        followed_id: followedId,
        created_at: new Date(now - random.range(1, 150) * 24 * HOUR_MS),
      });
    }
  });
  // The demo login has an audience: most people follow it back.
  for (const followerId of random.sample(userIds.slice(1), Math.ceil((userIds.length - 1) * 0.4))) {
    plan.follows.push({
      follower_id: followerId,
      followed_id: userIds[0]!,
      created_at: new Date(now - random.range(1, 150) * 24 * HOUR_MS),
    });
  }

  const tops: Array<{
    row: Omit<SeedComment, 'parent_id'>;
    comment: DemoComment;
    authorIndex: number;
    postAuthorIndex: number;
  }> = [];
  for (const post of posts) {
    const audience = others(post.authorIndex);
    const popularity = Math.pow(random.next(), 2.2);
    for (const userId of random.sample(audience, Math.round(popularity * audience.length * 0.8))) {
      plan.likes.push({ post_id: post.id, user_id: userId, created_at: after(post.at, 72) });
    }
    const commenters = random.sample(audience, Math.round(popularity * 6 + (random.chance(0.5) ? 1 : 0)));
    const comments = pickComments(random, commenters.length);
    for (const [i, userId] of commenters.entries()) {
      const comment = comments[i]!;
      tops.push({
        row: { post_id: post.id, user_id: userId, text: comment.text, created_at: after(post.at, 48) },
        comment,
        authorIndex: userIds.indexOf(userId),
        postAuthorIndex: post.authorIndex,
      });
    }
  }
  tops.sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime());
  plan.comments = tops.map(({ row }) => ({ row }));

  const replies: InteractionPlan['replies'] = [];
  tops.forEach((top, parentIndex) => {
    const at = top.row.created_at.getTime();
    if (random.chance(0.55)) {
      replies.push({
        parentIndex,
        row: {
          post_id: top.row.post_id,
          user_id: userIds[top.postAuthorIndex]!,
          text: authorReply(random, top.comment),
          created_at: after(at, 12),
        },
      });
    }
    if (random.chance(0.15)) {
      const userId = random.pick(others(top.authorIndex));
      replies.push({
        parentIndex,
        row: {
          post_id: top.row.post_id,
          user_id: userId,
          text: bystanderReply(random, top.comment),
          created_at: after(at, 24),
        },
      });
    }
  });
  replies.sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime());
  plan.replies = replies;

  const all = [...plan.comments.map((c) => c.row), ...replies.map((r) => r.row)];
  all.forEach((comment, commentIndex) => {
    const likers = random.sample(
      userIds.filter((id) => id !== comment.user_id),
      Math.round(Math.pow(random.next(), 2) * 5),
    );
    for (const userId of likers)
      plan.commentLikes.push({ commentIndex, userId, created_at: after(comment.created_at.getTime(), 24) });
  });
  return plan;
}

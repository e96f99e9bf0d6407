import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import type { PostsPage } from '@nomadas/shared/schemas';
import { gzipAsync } from '../../http/prepared-json.js';
import type { WallPostRow } from './posts.queries.js';
import type { PageMarks } from './viewer-marks.js';

/** Where a caller's own marks go: after a post (its row's index on the page) or after a comment preview. */
type Slot = { post: number } | { comment: string };

/**
 * A shared wall page's answer (`{"state":"OK","data":…}`) written once as UTF-8, cut where each caller's
 * marks go (a post's islike, self and follow; a comment's islike). A caller's answer is these pieces with
 * constant ones for the marks, copied one after another: turning 13 KB of posts into JSON, then into bytes,
 * on every logged-in request was most of its cost.
 *
 * Gzipped, the same holds for a page asked for often. Each piece is deflated once on its own, ending on a
 * byte boundary (a sync flush), so that the pieces and the marks put one after another are one valid
 * deflate stream (as pigz joins its blocks). A piece is deflated with the 8 KB before it in the answer as
 * its dictionary, marks left as NUL bytes that JSON never holds: every mark of a kind has the same length,
 * so the distances of what a piece repeats from the pieces before it hold whatever marks a caller gets,
 * and nothing refers to a mark. The answer stays small (2.5 KB for the bench's 14 KB page, 1.2 KB gzipped
 * whole) with no compression per request.
 */
export interface WallPageText {
  /** One more than `slots`: the answer is pieces[0], a mark, pieces[1], … a mark, the last piece. */
  pieces: Buffer[];
  slots: Slot[];
  /** The pieces deflated: made on libuv's threads once the page has been asked for gzipped often enough. */
  deflated: Buffer[] | Promise<Buffer[]> | undefined;
  gzipAsks: number;
}

/** An object's JSON with its closing brace left off, for the caller's members to follow. */
const openObject = (value: object) => JSON.stringify(value).slice(0, -1);

/** Cuts a page as everybody sees it (no marks yet) into the pieces of its answer. */
export function wallPageText(page: PostsPage): WallPageText {
  const { data, comments, ...rest } = page;
  const pieces: Buffer[] = [];
  const slots: Slot[] = [];
  let text = '{"state":"OK","data":{"data":[';
  const markHere = (slot: Slot) => {
    pieces.push(Buffer.from(text));
    slots.push(slot);
    text = '';
  };
  data.forEach(({ islike: _liked, self: _self, follow: _follow, ...post }, i) => {
    text += `${i > 0 ? ',' : ''}${openObject(post)}`;
    markHere({ post: i });
  });
  text += `],${JSON.stringify(rest).slice(1, -1)}`;
  if (comments) {
    text += ',"comments":{';
    Object.entries(comments).forEach(([url, previews], i) => {
      text += `${i > 0 ? ',' : ''}${JSON.stringify(url)}:[`;
      previews.forEach(({ islike: _liked, ...preview }, j) => {
        text += `${j > 0 ? ',' : ''}${openObject(preview)}`;
        markHere({ comment: String(preview.id) });
      });
      text += ']';
    });
    text += '}';
  }
  pieces.push(Buffer.from(`${text}}}`));
  return { pieces, slots, deflated: undefined, gzipAsks: 0 };
}

interface Mark {
  raw: Buffer;
  deflated: Buffer;
}

const SYNC_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH };

/** A mark, padded with spaces (JSON's whitespace) to `length`: every mark of a kind is as long. */
function mark(members: string, length: number): Mark {
  const raw = Buffer.from(`${members}${' '.repeat(length - members.length - 1)}}`);
  return { raw, deflated: deflateRawSync(raw, SYNC_FLUSH) };
}

const POST_MARK_LENGTH = ',"islike":0,"self":false,"follow":0}'.length;
const COMMENT_MARK_LENGTH = ',"islike":0}'.length;
// The marks there are: a post's (its reader's own post has no follow) and a comment's.
const POST_MARKS = {
  mine: [0, 1].map((liked) => mark(`,"islike":${liked},"self":true`, POST_MARK_LENGTH)),
  unfollowed: [0, 1].map((liked) => mark(`,"islike":${liked},"self":false,"follow":0`, POST_MARK_LENGTH)),
  followed: [0, 1].map((liked) => mark(`,"islike":${liked},"self":false,"follow":1`, POST_MARK_LENGTH)),
};
const COMMENT_MARKS = [0, 1].map((liked) => mark(`,"islike":${liked}`, COMMENT_MARK_LENGTH));

const deflateRawAsync = promisify(deflateRaw);
/** How far back a piece may refer: the posts just before it hold what it repeats, at a quarter of the cost. */
const DICTIONARY_BYTES = 8 * 1024;

/**
 * Deflating a page's pieces costs about as much as gzipping its answer whole a hundred times (each piece
 * reads the page before it): a page asked for less often (deep in a list) is gzipped whole for each request.
 */
export const DEFLATE_PIECES_AFTER_ASKS = 256;

/**
 * Each piece deflated with the answer before it as dictionary, its marks as NUL bytes (see WallPageText).
 * One after another: a page's pieces never fill libuv's queue ahead of the requests' own work.
 */
async function deflatePieces(text: WallPageText): Promise<Buffer[]> {
  const before: Buffer[] = [];
  const deflated: Buffer[] = [];
  for (const [i, piece] of text.pieces.entries()) {
    const dictionary = Buffer.concat(before).subarray(-DICTIONARY_BYTES);
    deflated.push(
      await deflateRawAsync(piece, { ...SYNC_FLUSH, ...(dictionary.length > 0 ? { dictionary } : {}) }),
    );
    const slot = text.slots[i];
    if (slot) before.push(piece, Buffer.alloc('post' in slot ? POST_MARK_LENGTH : COMMENT_MARK_LENGTH));
  }
  return deflated;
}

// A gzip member (RFC 1952) around the deflated pieces: its header, then after them an empty final block.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const FINAL_BLOCK = Buffer.from([3, 0]);

export type AnswerEncoding = 'identity' | 'gzip';

/** The page's answer for one caller, its pieces closed with that caller's marks. `rows` are the page's posts. */
export async function markedAnswer(
  text: WallPageText,
  rows: WallPostRow[],
  viewerId: string,
  flags: Pick<PageMarks, 'liked' | 'followed' | 'likedComments'>,
  encoding: AnswerEncoding,
): Promise<Buffer> {
  const marks = text.slots.map((slot): Mark => {
    if ('comment' in slot) return COMMENT_MARKS[flags.likedComments.has(slot.comment) ? 1 : 0]!;
    const row = rows[slot.post]!;
    const kind =
      row.user_id === viewerId
        ? POST_MARKS.mine
        : flags.followed.has(row.user_id)
          ? POST_MARKS.followed
          : POST_MARKS.unfollowed;
    return kind[flags.liked.has(row.id) ? 1 : 0]!;
  });
  // A plain loop: with flatMap's array per piece, this was a seventh of the wall's CPU.
  const interleave = (pieces: Buffer[], form: keyof Mark, before: Buffer[] = [], after: Buffer[] = []) => {
    const parts = [...before];
    for (let i = 0; i < marks.length; i++) parts.push(pieces[i]!, marks[i]![form]);
    parts.push(pieces[marks.length]!, ...after);
    return parts;
  };
  const plain = () => Buffer.concat(interleave(text.pieces, 'raw'));
  if (encoding === 'identity') return plain();

  // A page read seldom (deep in a list, by few readers) is gzipped whole, off the event loop.
  if (!Array.isArray(text.deflated)) {
    text.gzipAsks++;
    if (text.gzipAsks === DEFLATE_PIECES_AFTER_ASKS) {
      text.deflated = deflatePieces(text).then((deflated) => (text.deflated = deflated));
      // Until they are ready, and should they fail, the whole answer is gzipped.
      text.deflated.catch(() => (text.deflated = undefined));
    }
    // Level 1, the fastest: this one is made for a single request (a tenth more bytes than the default).
    return gzipAsync(plain(), { level: 1 });
  }
  const raws = interleave(text.pieces, 'raw');
  let crc = 0;
  let length = 0;
  for (const raw of raws) {
    crc = crc32(raw, crc);
    length += raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat(interleave(text.deflated, 'deflated', [GZIP_HEADER], [FINAL_BLOCK, trailer]));
}

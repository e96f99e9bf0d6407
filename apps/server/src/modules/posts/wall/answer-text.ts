import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { PostsPage } from '@nomadas/shared/schemas';
import { crc32Shift } from '../../../lib/crc32-shift.js';
import type { WallPostRow } from '../posts.queries.js';
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
 * deflate stream (as pigz joins its blocks). A piece is deflated with the 2 KB before it in the answer as
 * its dictionary, marks left as NUL bytes that JSON never holds: every mark of a kind has the same length,
 * so the distances of what a piece repeats from the pieces before it hold whatever marks a caller gets,
 * and nothing refers to a mark. The answer stays small (2.5 KB for the bench's 14 KB page, 1.3 KB gzipped
 * whole at level 1) with no compression per request.
 */
export interface WallPageText {
  /** One more than `slots`: the answer is pieces[0], a mark, pieces[1], … a mark, the last piece. */
  pieces: Buffer[];
  slots: Slot[];
  /** The pieces deflated, once the page has been asked for gzipped often enough. */
  deflated: DeflatedPieces | undefined;
  gzipAsks: number;
}

/** An object's JSON with its closing brace left off, for the caller's members to follow. */
const openObject = (value: object) => JSON.stringify(value).slice(0, -1);

/** Cuts a page as everybody sees it (no marks yet) into the pieces of its answer. */
export function wallPageText(page: PostsPage): WallPageText {
  const { data, comments, ...rest } = page;
  const texts: string[] = [];
  const slots: Slot[] = [];
  let text = '{"state":"OK","data":{"data":[';
  const markHere = (slot: Slot) => {
    texts.push(text);
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
  texts.push(`${text}}}`);
  return {
    pieces: packed(texts.map((piece) => Buffer.from(piece))),
    slots,
    deflated: undefined,
    gzipAsks: 0,
  };
}

/**
 * The same bytes copied together into one buffer, for a page kept long. Apart, each small buffer is a view of
 * a pool slab (8 KB) shared with whatever else was allocated meanwhile, and each zlib output a view of its own
 * 16 KB buffer: the page would keep them all alive.
 */
function packed(parts: Buffer[]): Buffer[] {
  const all = Buffer.concat(parts);
  let start = 0;
  return parts.map((part) => all.subarray(start, (start += part.length)));
}

interface Mark {
  raw: Buffer;
  deflated: Buffer;
  /** Its place among all marks. */
  id: number;
  /** What it changes in a CRC-32 where it replaces NUL bytes (crc32-shift.ts), before the bytes after it. */
  crcChange: number;
}

const SYNC_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH };
let markCount = 0;

/** A mark, padded with spaces (JSON's whitespace) to `length`: every mark of a kind is as long. */
function mark(members: string, length: number): Mark {
  const raw = Buffer.from(`${members}${' '.repeat(length - members.length - 1)}}`);
  return {
    raw,
    deflated: deflateRawSync(raw, SYNC_FLUSH),
    id: markCount++,
    crcChange: crc32(raw) ^ crc32(Buffer.alloc(length)),
  };
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
const ANY_POST_MARK = Object.values(POST_MARKS).flat();
const marksFor = (slot: Slot) => ('post' in slot ? ANY_POST_MARK : COMMENT_MARKS);
const markLength = (slot: Slot) => ('post' in slot ? POST_MARK_LENGTH : COMMENT_MARK_LENGTH);

/**
 * A page's pieces deflated, and what its gzip trailer needs: the CRC-32 of its answer with every mark left
 * as NUL bytes, and what each mark changes in it at each slot. Reading the answer's 14 KB again on every
 * request, in a zlib call per piece and mark, was a seventh of the logged-in wall's CPU.
 */
interface DeflatedPieces {
  pieces: Buffer[];
  crcOfBlank: number;
  /** At `slot × markCount + mark.id`. */
  crcChanges: Uint32Array;
  length: number;
}

/**
 * How far back a piece may refer: the post just before it holds what it repeats (its keys, a town's name). A
 * zlib call reads its whole dictionary first: 8 KB made the bench's answer 2 % smaller (2,461 B against
 * 2,504) and its deflation half again as long.
 */
const DICTIONARY_BYTES = 2 * 1024;

/**
 * Deflating a page's pieces costs about as much as gzipping its answer whole twenty times (a zlib call per
 * piece, each reading the 2 KB before it: 0.5 ms for the bench's page, against 20–40 µs). A page is gzipped
 * whole for each of its first asks and its pieces deflated at this one, as in renting skis until their price
 * is spent: whatever the number of asks, a page costs at most about twice what the better choice would have.
 */
export const DEFLATE_PIECES_AFTER_ASKS = 16;
/** A piece deflates to some 50 bytes: zlib's default 16 KB output buffer per call was most of what it allocated. */
const PIECE_DEFLATE = { ...SYNC_FLUSH, chunkSize: 1024 };

/**
 * Each piece deflated with the answer before it as dictionary, its marks as NUL bytes (see WallPageText).
 * On the event loop: through zlib's streams on libuv's threads, the same work took four times the CPU.
 */
function deflatePieces(text: WallPageText): DeflatedPieces {
  const blanks = text.slots.map((slot) => Buffer.alloc(markLength(slot)));
  const length = [...text.pieces, ...blanks].reduce((sum, part) => sum + part.length, 0);
  const crcChanges = new Uint32Array(text.slots.length * markCount);
  let before = Buffer.alloc(0);
  let crcOfBlank = 0;
  let offset = 0;
  const deflated = text.pieces.map((piece, i) => {
    const options = { ...PIECE_DEFLATE, ...(before.length > 0 ? { dictionary: before } : {}) };
    const output = deflateRawSync(piece, options);
    crcOfBlank = crc32(piece, crcOfBlank);
    offset += piece.length;
    const slot = text.slots[i];
    if (slot) {
      const blank = blanks[i]!;
      crcOfBlank = crc32(blank, crcOfBlank);
      offset += blank.length;
      for (const mark of marksFor(slot))
        crcChanges[i * markCount + mark.id] = crc32Shift(mark.crcChange, length - offset);
      before = Buffer.concat([before, piece, blank]).subarray(-DICTIONARY_BYTES);
    }
    return output;
  });
  return { pieces: packed(deflated), crcOfBlank, crcChanges, length };
}

// A gzip member (RFC 1952) around the deflated pieces: its header, then after them an empty final block.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const FINAL_BLOCK = Buffer.from([3, 0]);

export type AnswerEncoding = 'identity' | 'gzip';

/** The page's answer for one caller, its pieces closed with that caller's marks. `rows` are the page's posts. */
export function markedAnswer(
  text: WallPageText,
  rows: WallPostRow[],
  viewerId: string,
  flags: Pick<PageMarks, 'liked' | 'followed' | 'likedComments'>,
  encoding: AnswerEncoding,
): Buffer {
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
  const interleave = (
    pieces: Buffer[],
    form: 'raw' | 'deflated',
    before: Buffer[] = [],
    after: Buffer[] = [],
  ) => {
    const parts = [...before];
    for (let i = 0; i < marks.length; i++) parts.push(pieces[i]!, marks[i]![form]);
    parts.push(pieces[marks.length]!, ...after);
    return parts;
  };
  const plain = () => Buffer.concat(interleave(text.pieces, 'raw'));
  if (encoding === 'identity') return plain();

  if (text.deflated === undefined) {
    text.gzipAsks++;
    // A page read seldom (deep in a list, by few readers) is gzipped whole. Level 1, the fastest: this one is
    // made for a single request (a tenth more bytes than the default). On the event loop, as deflatePieces is.
    if (text.gzipAsks < DEFLATE_PIECES_AFTER_ASKS) return gzipSync(plain(), { level: 1 });
    text.deflated = deflatePieces(text);
  }
  const { pieces, crcOfBlank, crcChanges, length } = text.deflated;
  let crc = crcOfBlank;
  for (let i = 0; i < marks.length; i++) crc ^= crcChanges[i * markCount + marks[i]!.id]!;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat(interleave(pieces, 'deflated', [GZIP_HEADER], [FINAL_BLOCK, trailer]));
}

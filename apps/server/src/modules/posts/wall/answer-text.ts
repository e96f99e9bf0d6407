import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { PostsPage, WallPost } from '@nomadas/shared/schemas';
import { crc32Shift } from '../../../lib/crc32-shift.js';
import type { WallPostRow } from '../posts.queries.js';
import {
  COMMENT_READER_FIELDS,
  POST_READER_FIELDS,
  type CommentSubject,
  type PostSubject,
  type ReaderField,
  type ReaderView,
} from './reader-fields.js';

/** Where a reader's own fields go: after a post or after a comment preview, with what they are computed from. */
type Slot = { post: PostSubject } | { comment: CommentSubject };

/**
 * A shared answer (`{"state":"OK","data":…}`, a wall page or a single post) written once as UTF-8, cut where
 * each reader's fields go (reader-fields.ts: a post's islike, self and follow; a comment's islike). A reader's
 * answer is these pieces with constant marks for those fields, copied one after another: turning 13 KB of
 * posts into JSON, then into bytes, on every logged-in request was most of its cost.
 *
 * Gzipped, the same holds for an answer asked for often. Each piece is deflated once on its own, ending on a
 * byte boundary (a sync flush), so that the pieces and the marks put one after another are one valid
 * deflate stream (as pigz joins its blocks). A piece is deflated with the 2 KB before it in the answer as
 * its dictionary, marks left as NUL bytes that JSON never holds: every mark of a kind has the same length,
 * so the distances of what a piece repeats from the pieces before it hold whatever marks a caller gets,
 * and nothing refers to a mark. The answer stays small (2.5 KB for the bench's 14 KB page, 1.3 KB gzipped
 * whole at level 1) with no compression per request.
 */
export interface AnswerText {
  /** One more than `slots`: the answer is pieces[0], a mark, pieces[1], … a mark, the last piece. */
  pieces: Buffer[];
  slots: Slot[];
  /** The plain answer's bytes, whatever its marks: every mark of a kind is as long. */
  length: number;
  /** The pieces deflated, once the answer has been asked for gzipped often enough. */
  deflated: DeflatedPieces | undefined;
  gzipAsks: number;
}

/** An object's JSON without the reader's fields and its closing brace: their mark closes it. */
function openObject(value: object, fields: object): string {
  const shared: Record<string, unknown> = { ...value };
  for (const key of Object.keys(fields)) delete shared[key];
  return JSON.stringify(shared).slice(0, -1);
}

const postSubject = (row: WallPostRow): PostSubject => ({ id: row.id, authorId: row.user_id });

/** Writes an answer's text, cut at each mark. */
function answerText(
  write: (add: (text: string) => void, markHere: (slot: Slot) => void) => void,
): AnswerText {
  const texts: string[] = [];
  const slots: Slot[] = [];
  let text = '{"state":"OK","data":';
  write(
    (more) => (text += more),
    (slot) => {
      texts.push(text);
      slots.push(slot);
      text = '';
    },
  );
  texts.push(`${text}}`);
  const pieces = packed(texts.map((piece) => Buffer.from(piece)));
  const marksLength = slots.reduce((sum, slot) => sum + kindOf(slot).length, 0);
  return {
    pieces,
    slots,
    length: pieces.reduce((sum, piece) => sum + piece.length, marksLength),
    deflated: undefined,
    gzipAsks: 0,
  };
}

/** Cuts a page as a visitor sees it into the pieces of its answer; `rows` are its posts'. */
export function pageText(page: PostsPage, rows: WallPostRow[]): AnswerText {
  const { data, comments, ...rest } = page;
  return answerText((add, markHere) => {
    add('{"data":[');
    data.forEach((post, i) => {
      add(`${i > 0 ? ',' : ''}${openObject(post, POST_READER_FIELDS)}`);
      markHere({ post: postSubject(rows[i]!) });
    });
    add(`],${JSON.stringify(rest).slice(1, -1)}`);
    if (comments) {
      add(',"comments":{');
      Object.entries(comments).forEach(([url, previews], i) => {
        add(`${i > 0 ? ',' : ''}${JSON.stringify(url)}:[`);
        previews.forEach((preview, j) => {
          add(`${j > 0 ? ',' : ''}${openObject(preview, COMMENT_READER_FIELDS)}`);
          markHere({ comment: { id: String(preview.id) } });
        });
        add(']');
      });
      add('}');
    }
    add('}');
  });
}

/** Cuts a single post as a visitor sees it into the pieces of its answer. */
export function postText(post: WallPost, row: WallPostRow): AnswerText {
  return answerText((add, markHere) => {
    add(openObject(post, POST_READER_FIELDS));
    markHere({ post: postSubject(row) });
  });
}

/**
 * The same bytes copied together into one buffer, for an answer kept long. Apart, each small buffer is a view
 * of a pool slab (8 KB) shared with whatever else was allocated meanwhile, and each zlib output a view of its
 * own 16 KB buffer: the answer would keep them all alive.
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

/**
 * The marks of one kind (a post's, a comment's): one for every combination of its declared fields' values,
 * written in their declared order (a value left out, left out), the first field's values the slowest to vary.
 */
function marksOf<Subject>(fields: Record<string, ReaderField<Subject, unknown>>) {
  const declared = Object.entries(fields);
  const combinations = declared.reduce<unknown[][]>(
    (all, [, field]) => all.flatMap((values) => field.values.map((value) => [...values, value])),
    [[]],
  );
  const members = combinations.map((values) =>
    values
      .map((value, i) =>
        value === undefined ? '' : `,${JSON.stringify(declared[i]![0])}:${JSON.stringify(value)}`,
      )
      .join(''),
  );
  // The closing brace after the longest.
  const length = Math.max(...members.map((text) => text.length)) + 1;
  const marks = members.map((text) => mark(text, length));
  return {
    marks,
    length,
    /** The mark of this reader's fields of `subject`. */
    of(subject: Subject, reader: ReaderView): Mark {
      let index = 0;
      // An indexed loop: on every request, for every post and comment of the page.
      for (let i = 0; i < declared.length; i++) {
        const field = declared[i]![1];
        const at = field.values.indexOf(field.of(subject, reader));
        if (at < 0) throw new Error(`${declared[i]![0]} took a value that reader-fields.ts does not declare`);
        index = index * field.values.length + at;
      }
      return marks[index]!;
    },
  };
}

const POST_MARKS = marksOf(POST_READER_FIELDS);
const COMMENT_MARKS = marksOf(COMMENT_READER_FIELDS);
const kindOf = (slot: Slot) => ('post' in slot ? POST_MARKS : COMMENT_MARKS);
const markOf = (slot: Slot, reader: ReaderView) =>
  'post' in slot ? POST_MARKS.of(slot.post, reader) : COMMENT_MARKS.of(slot.comment, reader);

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
 * Each piece deflated with the answer before it as dictionary, its marks as NUL bytes (see AnswerText).
 * On the event loop: through zlib's streams on libuv's threads, the same work took four times the CPU.
 */
function deflatePieces(text: AnswerText): DeflatedPieces {
  const blanks = text.slots.map((slot) => Buffer.alloc(kindOf(slot).length));
  const { length } = text;
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
      for (const mark of kindOf(slot).marks)
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

/** The answer for one reader: its pieces closed with the marks of that reader's fields. */
export function markedAnswer(text: AnswerText, reader: ReaderView, encoding: AnswerEncoding): Buffer {
  const marks = text.slots.map((slot) => markOf(slot, reader));
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

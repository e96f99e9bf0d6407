import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PostsPage, WallPost } from '@nomadas/shared/schemas';
import type { WallPostRow } from '../posts.queries.js';
import { DEFLATE_PIECES_AFTER_ASKS, markedAnswer, pageText, postText } from './answer-text.js';
import { VISITOR } from './reader-fields.js';

const post = (url: string, text: string): WallPost => ({
  url,
  username: 'ana',
  userimg: '/media/avatars/a.webp',
  media: '/m.webp',
  mediaJpeg: '/m.jpg',
  thumb: '/t.webp',
  thumbSmall: '/t-240.webp',
  thumbJpeg: '/t.jpg',
  width: 4,
  height: 3,
  mediatext: text,
  descripcion: null,
  date: '2026-11-23T10:00:00.000Z',
  likes: 2,
  islike: 0,
  comentarios: 1,
  self: false,
  index: 0,
  lugar: { u: 'area-1', n: 'Área "El Faro" }{' },
});

const row = (id: string, userId: string) => ({ id, user_id: userId }) as WallPostRow;
/** The page inside the answer's envelope, read back. */
const answered = (answer: Buffer) => {
  const { state, data } = JSON.parse(answer.toString('utf8')) as { state: string; data: unknown };
  expect(state).toBe('OK');
  return data;
};

describe('a shared page laid over with one caller’s marks', () => {
  // Texts that would break a careless cut: braces, quotes, escapes and characters outside the BMP.
  const page: PostsPage = {
    data: [post('uno', 'Noche en "Gredos" }\\ 🌄'), post('dos', '}{,"islike":1}')],
    fin: 0,
    b: '20',
    a: '19',
    comments: {
      uno: [
        {
          id: 7,
          comentario: '¡Qué sitio! }',
          username: 'luis',
          userimg: '/l.webp',
          date: '2026-11-23T10:01:00.000Z',
          likes: 0,
          islike: 0,
          items: [],
          replyCount: 2,
        },
        {
          id: 8,
          comentario: 'Y con sombra, ","islike":1',
          username: 'eva',
          userimg: '/e.webp',
          date: '2026-11-23T10:02:00.000Z',
          likes: 1,
          islike: 0,
          items: [],
          replyCount: 0,
        },
      ],
      dos: [],
    },
  };
  const rows = [row('20', '5'), row('19', '9')];

  it('is the page with exactly that caller’s islike, self and follow', () => {
    const answer = markedAnswer(
      pageText(page, rows),
      { id: '9', liked: new Set(['20']), followed: new Set(['5']), likedComments: new Set(['7']) },
      'identity',
    );
    expect(answered(answer)).toEqual({
      ...page,
      data: [
        { ...page.data[0], islike: 1, self: false, follow: 1 },
        // The caller's own post: self, and no follow mark.
        { ...page.data[1], islike: 0, self: true },
      ],
      comments: {
        uno: [
          { ...page.comments!.uno![0], islike: 1 },
          { ...page.comments!.uno![1], islike: 0 },
        ],
        dos: [],
      },
    });
  });

  it('cuts a single post the same way: a visitor, a reader and its author each get their own fields', () => {
    const text = postText(page.data[0]!, rows[0]!);
    expect(answered(markedAnswer(text, VISITOR, 'identity'))).toEqual(page.data[0]);
    const reader = {
      id: '9',
      liked: new Set(['20']),
      followed: new Set(['5']),
      likedComments: new Set<string>(),
    };
    expect(answered(markedAnswer(text, reader, 'identity'))).toEqual({
      ...page.data[0],
      islike: 1,
      follow: 1,
    });
    expect(answered(markedAnswer(text, { ...VISITOR, id: '5' }, 'identity'))).toEqual({
      ...page.data[0],
      self: true,
    });
  });

  it('leaves comments out when the page has none, and writes an empty page', () => {
    const { comments: _comments, ...bare } = page;
    const none = { liked: new Set<string>(), followed: new Set<string>(), likedComments: new Set<string>() };
    expect(answered(markedAnswer(pageText(bare, rows), { id: '1', ...none }, 'identity'))).toEqual({
      ...bare,
      data: bare.data.map((p) => ({ ...p, islike: 0, self: false, follow: 0 })),
    });
    const empty: PostsPage = { data: [], fin: 1, b: null, a: null };
    expect(answered(markedAnswer(pageText(empty, []), { id: '1', ...none }, 'identity'))).toEqual(empty);
  });

  it('is the same answer gzipped, whatever the marks: whole at first, then from pieces deflated once', () => {
    const text = pageText(page, rows);
    const everyMark = [
      { liked: new Set<string>(), followed: new Set<string>(), likedComments: new Set<string>() },
      { liked: new Set(['20', '19']), followed: new Set(['5', '9']), likedComments: new Set(['7', '8']) },
    ];
    const sameAnswers = () => {
      for (const viewer of ['9', '5', '1'])
        for (const flags of everyMark) {
          const plain = markedAnswer(text, { id: viewer, ...flags }, 'identity');
          expect(plain.length).toBe(text.length);
          const gzipped = markedAnswer(text, { id: viewer, ...flags }, 'gzip');
          // gunzip checks the stream, its CRC and its length.
          expect(gunzipSync(gzipped).equals(plain)).toBe(true);
        }
    };
    // Asked seldom, the page is gzipped whole; asked often, from its pieces deflated once.
    const flags = everyMark[1]!;
    for (let ask = 1; ask < DEFLATE_PIECES_AFTER_ASKS; ask++) {
      const gzipped = markedAnswer(text, { id: '9', ...flags }, 'gzip');
      expect(gunzipSync(gzipped).equals(markedAnswer(text, { id: '9', ...flags }, 'identity'))).toBe(true);
    }
    expect(text.deflated).toBeUndefined();
    sameAnswers();
    expect(text.deflated?.pieces).toHaveLength(text.pieces.length);
    // The deflated pieces keep no zlib output buffer alive (16 KB each): only their own bytes, or a pool slab.
    const kept = new Set(text.deflated!.pieces.map((piece) => piece.buffer));
    expect([...kept].reduce((bytes, buffer) => bytes + buffer.byteLength, 0)).toBeLessThanOrEqual(
      Buffer.poolSize,
    );
  });

  it('gzips a page of many posts from its pieces to a fraction of its size', () => {
    const many: PostsPage = {
      data: Array.from({ length: 12 }, (_, i) => ({
        ...post(`etapa-${i}`, `Etapa ${i} por la costa`),
        index: i,
      })),
      fin: 0,
      b: '40',
      a: '29',
    };
    const manyRows = many.data.map((_, i) => row(String(40 - i), String(i % 3)));
    const text = pageText(many, manyRows);
    const flags = { liked: new Set(['40']), followed: new Set(['1']), likedComments: new Set<string>() };
    for (let ask = 0; ask < DEFLATE_PIECES_AFTER_ASKS; ask++)
      markedAnswer(text, { id: '2', ...flags }, 'gzip');
    const spliced = markedAnswer(text, { id: '2', ...flags }, 'gzip');
    const plain = markedAnswer(text, { id: '2', ...flags }, 'identity');
    expect(gunzipSync(spliced).equals(plain)).toBe(true);
    // Each piece refers back to the ones before it: the posts' shared keys are not sent twelve times.
    expect(spliced.length).toBeLessThan(plain.length / 4);
  });
});

import { describe, expect, it } from 'vitest';
import type { PostsPage, WallPost } from '@nomadas/shared/schemas';
import type { WallPostRow } from './posts.queries.js';
import { markedPageText, wallPageText } from './wall-page-text.js';

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
const envelope = { before: Buffer.from('{"state":"OK","data":'), after: Buffer.from('}') };
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
    const answer = markedPageText(
      wallPageText(page),
      rows,
      '9',
      { liked: new Set(['20']), followed: new Set(['5']), likedComments: new Set(['7']) },
      envelope,
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

  it('leaves comments out when the page has none, and writes an empty page', () => {
    const { comments: _comments, ...bare } = page;
    const none = { liked: new Set<string>(), followed: new Set<string>(), likedComments: new Set<string>() };
    expect(answered(markedPageText(wallPageText(bare), rows, '1', none, envelope))).toEqual({
      ...bare,
      data: bare.data.map((p) => ({ ...p, islike: 0, self: false, follow: 0 })),
    });
    const empty: PostsPage = { data: [], fin: 1, b: null, a: null };
    expect(answered(markedPageText(wallPageText(empty), [], '1', none, envelope))).toEqual(empty);
  });
});

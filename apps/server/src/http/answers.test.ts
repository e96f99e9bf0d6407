import { describe, expect, it } from 'vitest';
import { likeStateSchema, okEnvelope } from '@nomadas/shared/answers';
import { answerSerializer } from './answers.js';

const route = {
  schema: okEnvelope(likeStateSchema),
  method: 'POST',
  url: '/api/like/post/:posturl',
  httpStatus: '200',
};

describe('answerSerializer', () => {
  it('under test, refuses an answer outside its schema: a missing field, a boolean flag, an extra field', () => {
    const serialize = answerSerializer(true)(route);
    expect(serialize({ state: 'OK', data: { islike: 1, likes: 3 } })).toBe(
      '{"state":"OK","data":{"islike":1,"likes":3}}',
    );
    expect(() => serialize({ state: 'OK', data: { islike: 1 } })).toThrow(/likes/);
    expect(() => serialize({ state: 'OK', data: { islike: true, likes: 3 } })).toThrow(/islike/);
    expect(() => serialize({ state: 'OK', data: { islike: 1, likes: 3, liked: true } })).toThrow(/liked/);
  });

  it('elsewhere, writes what it is given without looking', () => {
    const serialize = answerSerializer(false)(route);
    expect(serialize({ state: 'OK', data: { islike: true } })).toBe('{"state":"OK","data":{"islike":true}}');
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@nomadas/shared/schemas';

vi.mock('../../settings', () => ({ settings: { siteName: 'nómadas.tv' } }));
const { notificationExcerpt, notificationHref, notificationSentence } = await import('./notificationView');

const base: NotificationItem = {
  id: '7',
  type: 'post_like',
  actor: { username: 'marta_ruta', img: '' },
  target: { kind: 'post', url: 'noche-en-gredos-a1', text: 'Noche en Gredos', thumb: '/media/t.webp' },
  date: '2026-05-20T12:00:00.000Z',
  seen: false,
};

describe('notification view', () => {
  it('writes the sentence of each type with the name apart', () => {
    expect(notificationSentence(base)).toEqual([{ name: 'marta_ruta' }, ' ha dado me gusta a tu post']);
    expect(notificationSentence({ ...base, type: 'friend', target: null })).toEqual([
      { name: 'marta_ruta' },
      ' y tú ahora sois amigos',
    ]);
    expect(
      notificationSentence({
        ...base,
        type: 'channel_video',
        target: { kind: 'video', canal: 'ruta-norte', url: 'picos', text: 'Picos de Europa' },
      }),
    ).toEqual([{ name: 'ruta-norte' }, ' ha subido un vídeo nuevo']);
    expect(notificationSentence({ ...base, type: 'welcome', actor: null, target: null }).join('')).toMatch(
      /^¡Bienvenido a nómadas\.tv!/,
    );
  });

  it('links to the post, the profile or the video', () => {
    expect(notificationHref(base)).toBe('/muro/noche-en-gredos-a1');
    expect(
      notificationHref({
        ...base,
        type: 'comment_reply',
        target: { ...base.target!, kind: 'comment' } as never,
      }),
    ).toBe('/muro/noche-en-gredos-a1');
    expect(notificationHref({ ...base, type: 'follow', target: { kind: 'profile', username: 'luis' } })).toBe(
      '/perfil/luis',
    );
    expect(
      notificationHref({
        ...base,
        type: 'channel_video',
        target: { kind: 'video', canal: 'ruta norte', url: 'picos', text: '' },
      }),
    ).toBe('/canales/ruta%20norte/picos');
    expect(notificationHref({ ...base, type: 'welcome', actor: null, target: null })).toBe('/guia');
    // The post is gone: the actor's profile, or nothing.
    expect(notificationHref({ ...base, target: null })).toBe('/perfil/marta_ruta');
    expect(notificationHref({ ...base, actor: null, target: null })).toBeNull();
  });

  it('quotes the text of the target', () => {
    expect(notificationExcerpt(base)).toBe('Noche en Gredos');
    expect(notificationExcerpt({ ...base, target: { kind: 'profile', username: 'luis' } })).toBeNull();
  });
});

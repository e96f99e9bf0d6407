// Texts of the notifications tab (/perfil?tab=notificaciones); they load with the profile screen's chunk.
import type { NotificationType } from '@nomadas/shared/schemas';

export const esNotifications = {
  listLabel: 'Tus notificaciones',
  loading: 'Cargando notificaciones…',
  /** One sentence per kind; `{user}` is who did it (shown in bold), `{canal}` the channel, `{site}` the site. */
  sentence: {
    post_like: '{user} ha dado me gusta a tu post',
    post_comment: '{user} ha comentado tu post',
    comment_reply: '{user} ha respondido a tu comentario',
    comment_like: '{user} ha dado me gusta a tu comentario',
    follow: '{user} ha empezado a seguirte',
    friend: '{user} y tú ahora sois amigos',
    mention: '{user} te ha mencionado en un post',
    channel_video: '{canal} ha subido un vídeo nuevo',
    welcome: '¡Bienvenido a {site}! Completa tu perfil y comparte tu primera foto en el muro.',
  } satisfies Record<NotificationType, string>,
  /** Who did it when the account is gone or the text names nobody. */
  someone: 'Alguien',
  unseen: 'Nueva',
  now: 'ahora mismo',
  empty: {
    title: 'Aún no tienes notificaciones',
    text: 'Cuando alguien dé me gusta a tus fotos, las comente, te siga o te mencione, lo verás aquí.',
    action: 'Ir al muro',
  },
  failed: 'No hemos podido cargar tus notificaciones.',
  retry: 'Reintentar',
  loadMore: 'Cargar más',
  loadingMore: 'Cargando más…',
  end: 'No hay más notificaciones.',
} as const;

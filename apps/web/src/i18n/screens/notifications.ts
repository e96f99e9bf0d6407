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
    welcome:
      '¡Bienvenido a {site}! Tu guía de las 10 joyas turísticas ya está en tu cuenta: ábrela y elige tu próxima parada.',
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
  /** Web Push on this device (PushOptIn). */
  push: {
    title: 'Avisos con la aplicación cerrada',
    text: 'Te avisaremos en este dispositivo de los mensajes del chat, las respuestas a tus comentarios y tus nuevos seguidores.',
    turnOn: 'Recibir avisos en este dispositivo',
    turningOn: 'Activando…',
    on: 'Recibes avisos en este dispositivo.',
    turnOff: 'Dejar de recibir avisos',
    turningOff: 'Desactivando…',
    denied:
      'Has bloqueado los avisos de este sitio en el navegador. Para recibirlos, permítelos en los ajustes del sitio.',
    unsupported:
      'Este navegador no puede recibir avisos con la aplicación cerrada. En iPhone, añade la aplicación a la pantalla de inicio.',
    failed: 'No hemos podido activar los avisos. Comprueba tu conexión e inténtalo de nuevo.',
  },
} as const;

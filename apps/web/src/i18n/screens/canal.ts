// Texts of a channel (/canales/{name}) and of /subscribe/{canal}; they load with the canal chunk.
export const esCanal = {
  loading: 'Cargando el canal…',
  coverAlt: (nombre: string) => `Portada del canal ${nombre}`,
  manage: 'Gestionar mi canal',
  videos: 'Vídeos',
  noVideos: 'Este canal todavía no ha subido vídeos.',
  noVideosOwn: 'Aún no has subido vídeos. Sube el primero desde Gestionar mi canal.',
  more: 'Ver más',
  loadingMore: 'Cargando más vídeos…',
  failedMore: 'No hemos podido cargar más vídeos.',
  retry: 'Reintentar',
  notFound: {
    pageTitle: 'Canal no encontrado',
    title: 'Este canal no existe',
    text: 'Puede que la dirección esté mal escrita o que su dueño lo haya borrado.',
    goChannels: 'Ver los canales',
  },
  failed: {
    title: 'No hemos podido cargar el canal',
    text: 'Comprueba tu conexión e inténtalo de nuevo.',
    retry: 'Reintentar',
  },
  subscribing: {
    title: 'Suscribiéndote al canal…',
    visitorTitle: 'Suscríbete a este canal',
    visitorText: 'Entra o regístrate gratis y te suscribiremos: te avisaremos de cada vídeo nuevo del canal.',
    login: 'Entrar',
    register: 'Registrarme gratis',
    done: (nombre: string) => `Te has suscrito a ${nombre}`,
    already: (nombre: string) => `Ya estabas suscrito a ${nombre}`,
  },
} as const;

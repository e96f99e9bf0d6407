// Texts of a channel's video (/canales/{name}/{videoname}); they load with the VideoCanal chunk.
export const esVideoCanal = {
  loading: 'Cargando el vídeo…',
  player: (title: string) => `Vídeo: ${title}`,
  noVideoSupport: 'Tu navegador no puede reproducir este vídeo.',
  like: 'Me gusta',
  share: 'Compartir',
  shareText: (title: string, nombre: string) => `${title}, un vídeo de ${nombre}`,
  copied: 'Enlace copiado. ¡Compártelo donde quieras!',
  copyFailed: 'No hemos podido copiar el enlace.',
  description: 'Descripción',
  next: (nombre: string) => `Más de ${nombre}`,
  noNext: 'Este es el único vídeo del canal por ahora.',
  manage: 'Gestionar mis vídeos',
  notFound: {
    pageTitle: 'Vídeo no encontrado',
    title: 'Este vídeo no existe',
    text: 'Puede que la dirección esté mal escrita o que se haya borrado.',
    goChannel: 'Ir al canal',
    goChannels: 'Ver los canales',
  },
  failed: {
    title: 'No hemos podido cargar el vídeo',
    text: 'Comprueba tu conexión e inténtalo de nuevo.',
    retry: 'Reintentar',
  },
} as const;

// Texts shared by the channel screens (/canales, a channel, a video, the profile's canal tab); they load with them.
// Counts arrive already formatted (Intl, es-ES); `n` only chooses singular or plural.
export const esChannels = {
  subscribers: (n: number, count: string) => (n === 1 ? '1 suscriptor' : `${count} suscriptores`),
  videos: (n: number, count: string) => (n === 1 ? '1 vídeo' : `${count} vídeos`),
  views: (n: number, count: string) => (n === 1 ? '1 visualización' : `${count} visualizaciones`),
  likes: (n: number, count: string) => (n === 1 ? '1 me gusta' : `${count} me gusta`),
  /** A duration read aloud: '1 h 2 min 5 s'. */
  duration: (hours: number, minutes: number, seconds: number) =>
    [hours && `${hours} h`, minutes && `${minutes} min`, (seconds || (!hours && !minutes)) && `${seconds} s`]
      .filter(Boolean)
      .join(' '),
  durationLabel: (spoken: string) => `Duración: ${spoken}`,
  subscribe: 'Suscribirme',
  subscribed: 'Suscrito',
  visitor: {
    title: '¡Únete a la comunidad!',
    subscribe: 'Para suscribirte a un canal necesitas estar registrado',
  },
  byOwner: 'de',
  state: {
    procesando: (progress: number) => `Procesando · ${progress} %`,
    error: 'No se ha podido procesar',
  },
  processingTitle: 'Estamos preparando el vídeo',
  processingText: 'Lo convertimos para que se vea bien en cualquier móvil. Esta página se actualiza sola.',
  processingFailed: 'No hemos podido procesar este vídeo. Bórralo y prueba a subirlo otra vez.',
} as const;

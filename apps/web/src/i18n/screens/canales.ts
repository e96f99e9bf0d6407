// Texts of the channel list (/canales); they load with its chunk.
export const esCanales = {
  title: 'Canales',
  intro: 'Vídeos de viajeros en autocaravana, camper y caravana: rutas, trucos y vida en la carretera.',
  description: (site: string) => `Canales de vídeo de ${site}: rutas, áreas y vida en autocaravana.`,
  ordersLabel: 'Orden de los canales',
  orders: { destacados: 'Destacados', populares: 'Más suscritos', nuevos: 'Nuevos' },
  listLabel: 'Lista de canales',
  loading: 'Cargando canales…',
  loadingMore: 'Cargando más canales…',
  more: 'Ver más',
  empty: 'Todavía no hay canales. ¡Abre el primero y cuenta tu viaje!',
  failed: 'No hemos podido cargar los canales.',
  retry: 'Reintentar',
  noVideos: 'Aún sin vídeos',
  create: {
    title: 'Cuenta tu viaje en vídeo',
    text: 'Crea tu canal, sube los vídeos de tus rutas y deja que otros nómadas se suscriban.',
    action: 'Crea tu canal',
  },
  mine: 'Gestionar mi canal',
} as const;

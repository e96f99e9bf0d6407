// Texts of the placeholders screen(s); each screen's file loads only with that screen's chunk.
export const esPlaceholders = {
  canales: {
    title: 'Canales',
    intro: 'Vídeos de viajeros en autocaravana, camper y caravana: rutas, trucos y vida en la carretera.',
  },
  canal: {
    title: 'Canal',
    intro: 'Los vídeos de este canal, del más reciente al más antiguo.',
  },
  videoCanal: {
    title: 'Vídeo',
    intro: 'Un vídeo de la comunidad. Enseguida empieza.',
  },
  loading: 'Cargando contenido…',
} as const;

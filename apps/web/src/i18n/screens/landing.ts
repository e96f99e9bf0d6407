// Texts of the landing screen(s); each screen's file loads only with that screen's chunk.
export const esLanding = {
  title: 'La red social de quienes viajan en autocaravana',
  description: (site: string) =>
    `${site} es la comunidad de quienes viven y viajan en autocaravana, camper o caravana: muro de fotos, mapa de áreas, canales de vídeo y chat.`,
  hero: {
    eyebrow: 'La red social de la vida en ruta',
    title: 'Tu casa tiene ruedas.',
    titleAccent: 'Tu comunidad, también.',
    lead: (site: string) =>
      `${site} reúne a quienes viven y viajan en autocaravana, camper o caravana: comparte tus fotos de ruta, encuentra dónde pasar la noche y conoce a otros nómadas por el camino.`,
    map: 'Ver el mapa de áreas',
    wall: 'Ver el muro',
    note: 'Gratis y en un minuto. Solo necesitas un email.',
    illustration: 'Una autocaravana recorre una carretera entre montañas al atardecer',
  },
  audience: {
    title: 'Hecha para quien vive en ruta',
    items: [
      {
        title: 'Autocaravanas',
        text: 'Para quien ya no sabe si vive de viaje o viaja para vivir.',
      },
      {
        title: 'Campers y furgos',
        text: 'De fábrica o camperizadas a mano, de fin de semana o a tiempo completo.',
      },
      {
        title: 'Caravanas',
        text: 'Para quien engancha la casa al coche y sale a buscar el siguiente paisaje.',
      },
    ],
  },
  features: {
    eyebrow: 'Qué encontrarás',
    title: 'Todo lo que necesitas en la carretera',
    lead: 'Seis herramientas pensadas para la vida nómada, en un solo sitio y en español.',
    wall: {
      title: 'Muro de fotos',
      text: 'Comparte el amanecer desde la cabina, dale like a las rutas de otros y comenta. Con #hashtags para encontrar sitios y @menciones para avisar a tus amigos.',
    },
    map: {
      title: 'Mapa de áreas',
      text: 'Áreas de autocaravanas, puntos de vaciado y carga, gasolineras con GLP y rutas de la comunidad. Y, si quieres, tu posición en vivo, siempre ofuscada.',
    },
    channels: {
      title: 'Canales de vídeo',
      text: 'Suscríbete a los canales de otros viajeros: rutas, bricolaje camper, trucos para el invierno… o abre el tuyo y cuenta tu viaje.',
    },
    profiles: {
      title: 'Perfiles, seguidores y amigos',
      text: 'Tu perfil con foto y portada. Sigue a quien te inspire y haz amigos con los que coincidir en la próxima área.',
    },
    chat: {
      title: 'Chat privado',
      text: 'Habla en privado con otros nómadas para quedar, pedir consejo o avisar de ese sitio que merece la pena.',
    },
    notifications: {
      title: 'Notificaciones',
      text: 'Entérate de los likes, comentarios, nuevos seguidores y mensajes sin tener que estar pendiente del móvil.',
    },
  },
  privacy: {
    eyebrow: 'Privacidad primero',
    title: 'Que te encuentren tus amigos, no tu dirección exacta',
    text: 'Compartir tu posición en vivo es opcional. Cuando la activas, tu móvil desplaza el punto al azar dentro del radio que elijas antes de enviarlo: nadie, ni siquiera nosotros, recibe tu ubicación exacta.',
    points: [
      'Tú decides cuándo se ve y cuándo no',
      'Radio de ofuscación a tu medida: 1 km por defecto',
      'La ocultas con un toque y desaparece del mapa',
    ],
    illustration:
      'Un punto en el mapa rodeado por un círculo: tu posición real queda escondida dentro del radio',
  },
  guide: {
    eyebrow: 'Regalo de bienvenida',
    title: 'Guía gratis: 10 joyas turísticas para descubrir en autocaravana',
    text: 'Pueblos con encanto, miradores y rincones donde merece la pena aparcar y quedarse un día más. Regístrate y llévate nuestra guía interactiva, con dónde dormir cerca de cada joya.',
    cta: 'Quiero la guía gratis',
    open: 'Abrir mi guía',
  },
  professionals: {
    eyebrow: 'Para profesionales',
    title: '¿Tienes un área, un camping o un taller?',
    text: (site: string) =>
      `Da a conocer tu negocio a la comunidad de ${site}. Áreas de servicio, campings, talleres, concesionarios y empresas de alquiler tienen su propio espacio.`,
    cta: 'Ir a la zona de profesionales',
  },
  final: {
    title: 'La carretera es mejor en compañía',
    text: 'Únete gratis, comparte tu próxima parada y descubre quién más anda por la zona.',
  },
} as const;

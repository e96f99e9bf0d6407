// Texts of the own profile screen (/perfil); they load only with that screen's chunk.
export const esMiPerfil = {
  title: 'Mi perfil',
  description: 'Tu perfil, tu muro, tu canal y tus notificaciones, en un solo sitio.',
  tabsLabel: 'Secciones de mi perfil',
  tabs: {
    perfil: 'Configuración',
    muro: 'Mi muro',
    lugares: 'Mis lugares',
    canal: 'Mi canal',
    notificaciones: 'Notificaciones',
  },
  myPosts: {
    intro: 'Tus fotos de ruta, las más nuevas primero. Ábrelas para editarlas o borrarlas.',
  },
  channel: {
    title: 'Tu canal',
    soon: 'Muy pronto podrás crear tu canal y subir los vídeos de tus rutas. Mientras tanto, descubre los canales de otros nómadas.',
    browse: 'Ver canales',
  },
  visitorTitle: 'Entra para ver tu perfil',
  visitorText: 'Inicia sesión y aquí te esperan tu perfil, tus fotos y tus notificaciones.',
  guide: 'Tu guía: 10 joyas turísticas para viajar en autocaravana',
  guideHint: 'Diez rincones de España con un área para dormir cerca',
} as const;

/**
 * What the premium page lists (issue #33): only what exists is offered, each thing with the screen where it works;
 * what Premium will add is marked "Próximamente" until a payment provider is wired and the features are built.
 */
export interface Feature {
  text: string;
  /** The app route where it already works (the chat opens from the header, it has none). */
  to?: string;
}

/** Free, for every account, today. */
export const included: Feature[] = [
  { text: 'Muro de fotos con likes, comentarios y #hashtags', to: '/muro' },
  { text: 'Mapa de áreas y gasolineras con GLP, con opiniones y también sin conexión', to: '/mapa' },
  { text: 'Posición en vivo opcional y ofuscada', to: '/mapa' },
  { text: 'Perfil con seguidores y amigos', to: '/perfil' },
  { text: 'Chat privado con otros nómadas' },
  { text: 'Canales de vídeo y suscripciones', to: '/canales' },
  { text: 'Avisos en el móvil de likes, comentarios y mensajes', to: '/perfil?tab=notificaciones' },
  { text: 'La guía «10 joyas turísticas» para viajar en autocaravana', to: '/guia' },
];

/** What Premium will add: none of it exists yet, so all of it is "Próximamente". */
export const comingSoon: string[] = [
  'Fotos del muro en alta resolución',
  'Aviso cuando se añada un área cerca de ti',
  'Estadísticas de tu canal y de tus posts',
  'Vídeos más largos y en más calidad en tu canal',
  'Insignia Premium en tu perfil',
];

export interface Question {
  question: string;
  answer: string;
  /** Adds a link under the answer: the professionals area. */
  link?: 'professionals';
}

export const questions = (site: string): Question[] => [
  {
    question: '¿De verdad es gratis?',
    answer: `Sí. El muro, el mapa, el chat, los perfiles, los canales y la guía de ${site} son gratis y lo seguirán siendo. Premium añadirá extras; no quitará nada de lo básico.`,
  },
  {
    question: '¿Cuándo llega Premium y cuánto costará?',
    answer:
      'Aún no tiene fecha ni precio: lo marcado como «Próximamente» está en preparación. Pulsa «Avísame» y te escribiremos cuando se pueda contratar. Nadie te cobrará nada sin que lo pidas.',
  },
  {
    question: '¿Qué hace «Avísame»?',
    answer:
      'Apunta tu cuenta en la lista de quienes quieren Premium, una sola vez aunque lo pulses más. Solo la usamos para avisarte cuando esté disponible.',
  },
  {
    question: '¿Tenéis planes para negocios?',
    answer:
      'Las áreas, los campings, los talleres y el resto de negocios tienen su propia zona de profesionales, con herramientas pensadas para ellos.',
    link: 'professionals',
  },
];

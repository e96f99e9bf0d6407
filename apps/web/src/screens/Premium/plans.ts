/** The plans and the questions of the premium page. Prices in euros, VAT included. */
export interface Plan {
  id: 'nomada' | 'plus' | 'pro';
  name: string;
  tagline: string;
  monthly: number;
  yearly: number;
  /** Name of the plan whose features this one includes. */
  includes?: string;
  features: string[];
  highlighted?: boolean;
}

export const plans: Plan[] = [
  {
    id: 'nomada',
    name: 'Nómada',
    tagline: 'Para empezar a rodar con la comunidad.',
    monthly: 0,
    yearly: 0,
    features: [
      'Muro de fotos con likes, comentarios y #hashtags',
      'Mapa de áreas de autocaravanas',
      'Posición en vivo opcional y ofuscada',
      'Perfil con seguidores y amigos',
      'Chat privado con otros nómadas',
      'Canales de vídeo y suscripciones',
    ],
  },
  {
    id: 'plus',
    name: 'Nómada Plus',
    tagline: 'Para quien vive en ruta buena parte del año.',
    monthly: 3.99,
    yearly: 39.9,
    includes: 'Nómada',
    highlighted: true,
    features: [
      'Sin publicidad en ninguna pantalla',
      'Fotos del muro en alta resolución',
      'Aviso cuando se añade un área cerca de ti',
      'Insignia Plus en tu perfil',
      'Atención prioritaria por chat',
    ],
  },
  {
    id: 'pro',
    name: 'Nómada Pro',
    tagline: 'Para creadores que cuentan su viaje en vídeo.',
    monthly: 8.99,
    yearly: 89.9,
    includes: 'Nómada Plus',
    features: [
      'Canal de vídeo con vídeos más largos y en alta calidad',
      'Estadísticas de tu canal y de tus posts',
      'Tu canal, destacado en la lista de canales',
      'Perfil verificado',
      'Atención telefónica personalizada',
    ],
  },
];

export interface Question {
  question: string;
  answer: string;
  /** Adds a link under the answer: the contact page or the professionals area. */
  link?: 'contact' | 'professionals';
}

export const questions = (site: string): Question[] => [
  {
    question: '¿De verdad es gratis?',
    answer: `Sí. El muro, el mapa, el chat, los perfiles y los canales de ${site} son gratis y lo seguirán siendo. Los planes Premium añaden extras; no quitan nada de lo básico.`,
  },
  {
    question: '¿Cómo me hago Premium?',
    answer:
      'Escríbenos desde la página de contacto indicando el plan y si lo quieres mensual o anual. Te enviamos un enlace de pago seguro con tarjeta y activamos el plan en tu cuenta en cuanto se confirme.',
    link: 'contact',
  },
  {
    question: '¿Puedo cancelar cuando quiera?',
    answer:
      'Sí, no hay permanencia. Si cancelas, conservas las ventajas hasta el final del periodo pagado y después vuelves al plan Nómada sin perder tus fotos, seguidores ni conversaciones.',
  },
  {
    question: '¿Qué ahorro con el pago anual?',
    answer: 'El plan anual cuesta lo mismo que diez meses: te regalamos dos. Los precios incluyen el IVA.',
  },
  {
    question: '¿Tenéis planes para negocios?',
    answer:
      'Las áreas, los campings, los talleres y el resto de negocios tienen su propia zona de profesionales, con herramientas pensadas para ellos.',
    link: 'professionals',
  },
];

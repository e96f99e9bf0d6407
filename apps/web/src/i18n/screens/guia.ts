// Texts of the '10 joyas' guide (/guia, issue #33); the guide's own text comes from the server (GUIDE_FILE).
export const esGuia = {
  title: 'Guía: 10 joyas turísticas',
  description: 'Diez rincones de España para viajar en autocaravana, cada uno con un área para dormir cerca.',
  eyebrow: 'Tu guía interactiva',
  index: 'Las diez joyas',
  why: 'Por qué es una joya',
  when: 'Cuándo ir',
  area: 'El área para dormir',
  services: 'Servicios del área',
  openSheet: 'Ver la ficha del área',
  openMap: 'Buscar áreas en el mapa',
  noSheet: 'Esta área aún no está en el mapa: busca otras cerca en el mapa.',
  rating: (stars: number, reviews: number) =>
    `${stars.toLocaleString('es-ES', { maximumFractionDigits: 1 })} de 5 (${reviews === 1 ? '1 opinión' : `${reviews} opiniones`})`,
  noReviews: 'Sin opiniones todavía',
  visited: 'Ya he estado',
  progress: (done: number, total: number) => `Has visitado ${done} de ${total}`,
  progressNone: (total: number) => `Marca las que visites: ${total} joyas por descubrir`,
  failedTitle: 'No hemos podido cargar tu guía',
  failedText: 'Comprueba tu conexión y vuelve a intentarlo.',
  retry: 'Reintentar',
  visitorTitle: 'Tu guía te espera al registrarte',
  visitorText:
    'La guía de las 10 joyas turísticas de España para viajar en autocaravana es un regalo para quien tiene cuenta. Regístrate gratis y la tendrás en tu cuenta.',
  register: 'Regístrate gratis',
  haveAccount: '¿Ya tienes cuenta?',
  login: 'Inicia sesión',
} as const;

// Texts of /primeros-pasos, the screen a new account opens after its first login; they load only with it.
export const esPrimerosPasos = {
  title: 'Primeros pasos',
  description: 'Lo primero que conviene hacer con tu cuenta nueva.',
  welcome: (username: string) => `¡Bienvenido a bordo, ${username}!`,
  lead: 'Cinco pasos cortos para que la comunidad te conozca y tengas a mano lo mejor de la ruta. Puedes hacerlos ahora o cuando quieras desde tu perfil.',
  stepsLabel: 'Pasos',
  done: 'Hecho',
  photo: {
    title: 'Pon una foto de perfil',
    text: 'Una cara o tu autocaravana: así te reconocen en el muro y en el chat.',
    action: 'Añadir foto',
  },
  about: {
    title: 'Cuéntanos cómo viajas',
    text: 'Una descripción corta: desde cuándo viajas, con quién, qué rutas te gustan.',
    action: 'Escribir descripción',
  },
  vehicle: {
    title: 'Añade tu vehículo',
    text: 'Con su largo y su alto el mapa te avisa de las áreas donde no cabes.',
    action: 'Añadir vehículo',
  },
  follow: {
    title: 'Sigue a unos cuantos nómadas',
    text: 'Sus publicaciones llenarán tu muro desde hoy.',
    empty: 'Aún no hay nómadas que sugerirte: date una vuelta por el muro.',
  },
  guide: {
    title: 'Abre tu guía de las 10 joyas',
    text: 'Diez rincones de España que merecen el desvío, con su área para dormir. Ya es tuya.',
    action: 'Ver la guía',
  },
  finish: 'Ir al muro',
  visitorTitle: 'Entra para ver tus primeros pasos',
  visitorText: 'Esta página es para tu cuenta: entra y la tendrás aquí.',
} as const;

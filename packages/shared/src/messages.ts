import {
  COMMENT_TEXT_MAX,
  CONTACT_MESSAGE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  POST_IMAGE_MAX_MB,
  POST_IMAGE_MAX_MEGAPIXELS,
  POST_TEXT_MAX,
  SEARCH_TEXT_MAX,
  PROFILE_DESCRIPTION_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.js';
import { CHAT_REQUEST_MESSAGES_MAX, CHAT_TEXT_MAX } from './realtime.js';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_MIN,
  CHANNEL_URL_MAX,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_TITLE_MAX,
  VIDEO_TITLE_MIN,
} from './channelConstants.js';

/**
 * Every message the server sends in `msg`, and the validation messages both sides show.
 * The ones quoted by the spec keep its wording, with the accents and opening marks it lacked (issue #33).
 */
export const MSG = {
  // spec §5 and §8: their wording, spelt correctly (issue #33)
  loginFieldsRequired: 'Rellena los datos antes de enviar',
  registerFieldsRequired: 'Te faltan campos por rellenar',
  passwordsDiffer: 'Las contraseñas no coinciden',
  legalNotAccepted: 'No has aceptado los términos legales',
  emailRequired: 'Introduce tu email',
  postTextTooLong: `El texto no puede ocupar más de ${POST_TEXT_MAX} caracteres`,
  loggedIn: 'Sesión iniciada con éxito',
  registered: 'Usuario registrado con éxito',
  postUpdated: 'Post modificado con éxito',
  postDeleted: 'Post eliminado con éxito',
  postReported: 'Post denunciado',
  confirmDeletePost: '¿Estás seguro de querer borrar el post?',
  visitorLike: 'Para poder dar like necesitas estar registrado',
  visitorComment: '¡Regístrate ahora para poder comentar!',
  visitorMorePosts: 'Para poder seguir viendo posts, ¡regístrate!',

  // ours, in the same voice
  badCredentials: 'Usuario o contraseña incorrectos',
  usernameInvalid: `El nombre de usuario debe tener de ${USERNAME_MIN} a ${USERNAME_MAX} caracteres: letras minúsculas, números o guion bajo`,
  usernameTaken: 'Ese nombre de usuario ya está en uso',
  emailInvalid: 'El email no es válido',
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`,
  passwordTooLong: `La contraseña no puede tener más de ${PASSWORD_MAX} caracteres`,
  passwordTooCommon: 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar.',
  loginTooLong: 'El usuario o la contraseña son demasiado largos',
  activationSent: 'Te hemos enviado un email para activar la cuenta. Revisa tu bandeja de entrada.',
  activated: 'Cuenta activada con éxito. Ya puedes entrar.',
  activationInvalid: 'El enlace de activación no es válido o ha caducado',
  recoverySent: 'Si el email está registrado, te llegará un enlace para cambiar la contraseña.',
  recoveryInvalid: 'El enlace para cambiar la contraseña no es válido o ha caducado',
  passwordChanged: 'Contraseña cambiada con éxito. Ya puedes entrar.',
  loggedOut: 'Sesión cerrada',
  sessionRequired: 'Tu sesión ha caducado. Vuelve a entrar.',
  forbidden: 'No tienes permiso para hacer esto',
  notFound: 'No encontrado',
  tooManyRequests: 'Demasiados intentos. Espera un poco y vuelve a probar.',
  invalidInput: 'Revisa los datos enviados',
  // a write's client id (Idempotency-Key)
  idempotencyKeyInvalid: 'La cabecera Idempotency-Key no es válida: usa de 8 a 64 letras, cifras, «-» o «_»',
  idempotencyKeyReused:
    'Esta clave Idempotency-Key ya se usó para otra operación: envía cada operación con una clave nueva',
  // the map
  invalidCoordinates: 'Las coordenadas no son válidas',
  mapNameRequired: 'Pon un nombre de al menos 3 letras al lugar',
  mapStarsRequired: 'Elige de 1 a 5 estrellas',
  mapReportRequired: 'Cuéntanos qué dato está mal',
  mapLocationAdded: 'Lugar añadido. Lo verán todos cuando otros viajeros lo confirmen.',
  mapReviewSaved: 'Opinión guardada',
  mapReportSent: 'Gracias, revisaremos los datos de este lugar',
  mapPlaceUnknown: 'Ese lugar no está en el mapa',
  mapConfirmed: 'Gracias por confirmar este lugar',
  mapApproved: 'Lugar aprobado: ya lo ven todos',
  mapConfirmOwn: 'No puedes confirmar un lugar que has añadido tú',
  mapAlreadyPublic: 'Este lugar ya es público',
  mapPhotoAdded: 'Foto añadida',
  mapPhotosFull: 'Este lugar ya tiene todas las fotos que caben',
  mapPhotoRequired: 'Elige una foto del lugar',
  mapPhotosYours: 'Ya has añadido 6 fotos a este lugar: borra una para añadir otra',
  mapPhotoDeleted: 'Foto borrada',
  mapPlaceSaved: 'Guardado en Mis lugares',
  mapPlaceUnsaved: 'Quitado de Mis lugares',
  // reports that age on a place (issue #32)
  placeServiceUnknown: 'Este lugar no tiene ese servicio',
  placePriceInvalid: 'Indica lo que pagaste por noche, de 0 (gratis) a 500 €',
  placeStatusSaved: '¡Gracias! Tu aviso ya lo ven los demás',
  placeOccupancyTooSoon:
    'Ya avisaste de las plazas de este lugar hace poco. Podrás volver a hacerlo en unos minutos.',
  mapMonthsInvalid: 'Elige los meses en que abre (de 1 a 12)',
  mapWeightInvalid: 'El peso máximo va en toneladas, hasta 60',
  lpgRadiusInvalid: 'El radio de búsqueda va en kilómetros, de 1 a 100',
  // the nomad's own vehicle (issue #32)
  vehicleTypeRequired: 'Elige el tipo de vehículo',
  vehicleLengthInvalid: 'La longitud va en metros, hasta 30',
  vehicleHeightInvalid: 'La altura va en metros, hasta 6',
  vehicleWeightInvalid: 'El peso va en toneladas, hasta 60',
  vehicleSaved: 'Vehículo guardado',
  vehicleRemoved: 'Vehículo borrado',
  serverError: 'Ha ocurrido un error. Inténtalo de nuevo en un momento.',
  serviceUnavailable: 'El servicio no está disponible ahora mismo. Inténtalo de nuevo en unos segundos.',
  // requests refused before any route reads them (Fastify and Node's HTTP parser)
  malformedRequest: 'La petición no es válida. Vuelve a intentarlo desde la aplicación.',
  malformedJson: 'Los datos enviados no son JSON válido',
  invalidCharacters: 'Los datos enviados contienen caracteres no válidos',
  bodyTooLarge: 'Los datos enviados son demasiado grandes',
  unsupportedMediaType: 'Formato de datos no admitido: envía JSON o un formulario',
  uriTooLong: 'La dirección es demasiado larga',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes',
  methodNotAllowed: 'Esa acción no está disponible en esta dirección',
  requestTimeout: 'La petición ha tardado demasiado. Inténtalo de nuevo.',
  expectationFailed: 'La petición pide una condición que el servidor no admite',
  contactNameRequired: 'Escribe tu nombre',
  contactSubjectRequired: 'Escribe el asunto',
  contactMessageRequired: 'Escribe tu mensaje',
  contactMessageTooLong: `El mensaje no puede ocupar más de ${CONTACT_MESSAGE_MAX} caracteres`,
  cannotFollowSelf: 'No puedes seguirte a ti mismo',
  contactSent: 'Mensaje enviado. Te responderemos lo antes posible.',
  postCreated: 'Post publicado con éxito',
  postImageRequired: 'Elige una foto para publicar',
  postImageEmpty: 'El archivo está vacío. Elige otra foto.',
  postImageInvalid: 'El archivo no es una imagen válida. Prueba con una foto JPG, PNG, WebP o AVIF.',
  postImageTooLarge: `La imagen es demasiado grande: como máximo ${POST_IMAGE_MAX_MB} MB y ${POST_IMAGE_MAX_MEGAPIXELS} megapíxeles`,
  postReportOwn: 'No puedes denunciar tu propio post',
  commentRequired: 'Escribe algo antes de enviar el comentario',
  commentTooLong: `El comentario no puede ocupar más de ${COMMENT_TEXT_MAX} caracteres`,
  commentCreated: 'Comentario publicado',
  commentDeleted: 'Comentario eliminado',
  moderatorsOnly: 'Esta sección es solo para el equipo de moderación',
  moderationActionInvalid: 'Elige restaurar o eliminar el post',
  moderationRestored: 'Post restaurado: vuelve a verse en el muro',
  moderationRemoved: 'Post eliminado',
  moderationOwnPost: 'Otra persona del equipo de moderación debe revisar tu propio post',
  mapReportActionInvalid: 'Elige descartar los avisos o eliminar el lugar',
  mapReportsDismissed: 'Avisos descartados: el lugar sigue en el mapa',
  mapPlaceRemoved: 'Lugar eliminado del mapa',
  // search (GET /api/search/all/{text})
  searchTextRequired: 'Escribe algo para buscar',
  searchTextTooLong: `La búsqueda no puede tener más de ${SEARCH_TEXT_MAX} caracteres`,
  // the own account (/perfil, settings tab)
  profileUpdated: 'Perfil actualizado',
  profileNothingToUpdate: 'No hay cambios que guardar',
  descriptionTooLong: `La descripción no puede ocupar más de ${PROFILE_DESCRIPTION_MAX} caracteres`,
  passwordConfirmRequired: 'Escribe tu contraseña para confirmar',
  passwordWrong: 'La contraseña no es correcta',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  passwordSameAsCurrent: 'La contraseña nueva debe ser distinta de la actual',
  passwordUpdated: 'Contraseña cambiada. Hemos cerrado la sesión en tus otros dispositivos.',
  emailSameAsCurrent: 'Ese ya es el email de tu cuenta',
  emailChangeSent: 'Te hemos enviado un enlace al email nuevo. El cambio se hará cuando lo abras.',
  emailChanged: 'Email cambiado con éxito',
  emailChangeInvalid: 'El enlace para cambiar el email no es válido o ha caducado',
  emailInUse: 'Ese email ya es el de otra cuenta',
  exportReady: 'Tus datos están listos: la descarga empieza enseguida.',
  exportLinkInvalid: 'El enlace de descarga no es válido o ha caducado. Pide otro desde tu perfil.',
  accountDeleted: 'Tu cuenta se ha eliminado. ¡Buen viaje!',
  // video channels
  channelUnknown: 'Ese canal no existe',
  videoUnknown: 'Ese vídeo no existe',
  channelNameInvalid: `El nombre del canal debe tener de ${CHANNEL_NAME_MIN} a ${CHANNEL_NAME_MAX} caracteres`,
  channelUrlInvalid: `La dirección del canal admite hasta ${CHANNEL_URL_MAX} letras minúsculas, números y guiones`,
  channelUrlTaken: 'Esa dirección ya es de otro canal',
  channelDescriptionTooLong: `La descripción del canal no puede ocupar más de ${CHANNEL_DESCRIPTION_MAX} caracteres`,
  channelExists: 'Ya tienes un canal',
  channelRequired: 'Crea tu canal antes de subir vídeos',
  channelCreated: 'Canal creado. ¡Ya puedes subir tu primer vídeo!',
  channelSaved: 'Canal actualizado',
  channelDeleted: 'Canal eliminado con sus vídeos',
  channelOwnSubscribe: 'No puedes suscribirte a tu propio canal',
  videoTitleInvalid: `El título debe tener de ${VIDEO_TITLE_MIN} a ${VIDEO_TITLE_MAX} caracteres`,
  videoDescriptionTooLong: `La descripción del vídeo no puede ocupar más de ${VIDEO_DESCRIPTION_MAX} caracteres`,
  videoNotVideo: 'El archivo no es un vídeo que podamos leer. Prueba con un MP4, MOV o WebM.',
  videoEmpty: 'El archivo está vacío. Elige otro vídeo.',
  videoUploaded: 'Vídeo subido: lo estamos preparando para verlo en cualquier móvil',
  videoSaved: 'Vídeo actualizado',
  videoDeleted: 'Vídeo eliminado',
  videoNotReady: 'El vídeo aún se está procesando',
  videoFormatNotAllowed:
    'Ese vídeo está grabado en un formato que no admitimos. Prueba con un MP4, MOV o WebM de un móvil o una cámara (H.264, HEVC, VP9 o AV1).',
  videoTooDemanding:
    'El vídeo tiene demasiada resolución o demasiadas imágenes por segundo: admitimos hasta 4K a 60 imágenes por segundo.',
  videoUploadInProgress:
    'Ya estás subiendo otro vídeo: espera a que termine o cancélalo antes de empezar otro.',
  // the chat socket's refusals of a message (ChatRefusedFrame)
  chatBlocked: 'No puedes enviar mensajes a este usuario: uno de los dos ha bloqueado al otro.',
  chatTextInvalid: `El mensaje necesita algún carácter y no puede ocupar más de ${CHAT_TEXT_MAX} caracteres`,
  chatUserUnknown: 'No puedes enviar mensajes a este usuario',
  chatRateLimited: 'Vas demasiado rápido: espera un momento y vuelve a enviarlo',
  chatSendFailed: 'No se ha podido enviar el mensaje. Inténtalo de nuevo.',
  chatRequestUnanswered: `Ya le has enviado ${CHAT_REQUEST_MESSAGES_MAX} mensajes sin respuesta: podrás escribirle más cuando te conteste o cuando seáis amigos.`,
  chatRequestsToday:
    'Has empezado demasiadas conversaciones con personas que no son tus amigos en las últimas 24 horas. Podrás escribir a alguien nuevo más tarde.',
  // GET /api/health/ready's 503s: the balancer reads the status, an operator the message
  notReadyDraining: 'Esta instancia se está deteniendo y no acepta tráfico nuevo',
  notReadyDatabase: 'La base de datos no responde',
  notReadyRedis: 'Redis no responde',
  // Web Push (POST /api/push/subscribe and /unsubscribe)
  pushEndpointInvalid: 'El navegador ha dado una dirección de avisos que no es válida',
  pushKeysInvalid: 'El navegador ha dado unas claves de avisos que no son válidas',
  pushSubscribed: 'Recibirás avisos en este dispositivo',
  pushUnsubscribed: 'Ya no recibirás avisos en este dispositivo',
  // Premium's "Avísame" (POST /api/premium/interest)
  premiumInterestSaved: '¡Apuntado! Te avisaremos en cuanto Premium esté disponible.',
} as const;

export type MessageKey = keyof typeof MSG;

/** An upload larger than the server's cap (VIDEO_MAX_MB). */
export const videoTooLargeMessage = (maxMb: number) => `El vídeo no puede pesar más de ${maxMb} MB`;
/** A video longer than the server's cap (VIDEO_MAX_DURATION_S). */
export const videoTooLongMessage = (maxMinutes: number) =>
  `El vídeo no puede durar más de ${maxMinutes} minutos`;
/** An upload larger than what a user may hold in unfinished uploads (VIDEO_UNFINISHED_MB). */
export const videoUploadQuotaMessage = (quotaMb: number) =>
  `Tus subidas sin terminar no pueden ocupar más de ${quotaMb} MB`;
/** A user who already has VIDEO_MAX_PENDING videos waiting or processing. */
export const videoPendingMessage = (pending: number) =>
  `Tienes ${pending} vídeos preparándose: espera a que estén listos antes de subir otro.`;

/** Spec §6: shown when login answers username -1. */
export const activationRequiredMessage = (site: string) =>
  `Para poder disfrutar de todas las ventajas de ${site} debes activar la cuenta.`;

/** Spec §2 chat: official messages. */
export const officialMessageLabel = (site: string) => `Mensaje oficial de ${site}`;

/** The official account's chat message to each newly activated user, with the guide it promised (issue #33). */
export const officialWelcomeMessage = (site: string, guide: { title: string; url: string }) =>
  `¡Hola nómada! Te damos la bienvenida a ${site}. Aquí puedes compartir tus rutas, encontrar áreas para tu autocaravana y hablar con otros nómadas. Tu regalo de bienvenida ya está en tu cuenta: la guía «${guide.title}», con un área para dormir junto a cada joya. Ábrela desde tu perfil o en ${guide.url} ¡Buen viaje!`;

/**
 * The static shell the server writes into each page (apps/server/src/spa/static-shell.ts), painted before the app's
 * code arrives: the same words as the app's header (apps/web/src/i18n/es.ts), which replaces it.
 */
export const STATIC_SHELL = {
  home: (site: string) => `${site}, ir al inicio`,
  mainNav: 'Principal',
  mapa: 'Mapa',
  canales: 'Canales',
  muro: 'Muro',
  loading: 'Cargando…',
} as const;

/**
 * The page head the server writes into index.html (what link previews and the first paint show); the app
 * puts the same defaults back when a screen that set its own unmounts.
 */
export const PAGE_HEAD = {
  title: (site: string) => `${site} · la red social de los nómadas en autocaravana`,
  description:
    'Comparte tus rutas en autocaravana, encuentra áreas de pernocta y conoce a otros nómadas que viajan como tú.',
  /** A shared post's page (/muro/{url}): its author, and its text or else this. */
  postTitle: (username: string, site: string) => `${username} - ${site}`,
  postDescription: (username: string, site: string) => `Foto de ${username} en ${site}`,
  /** A shared profile (/perfil/{name}): its username, and its description or else this. */
  profileTitle: (username: string, site: string) => `${username} - ${site}`,
  profileDescription: (username: string, site: string) =>
    `Perfil de ${username} en ${site}: sus fotos, sus seguidores y los nómadas a los que sigue.`,
  /** A place's sheet (/mapa/location/{urlpoint}): its name, and its description or else this. */
  locationTitle: (name: string, site: string) => `${name} - ${site}`,
  locationDescription: (name: string, where: string) =>
    `${name}${where ? ` en ${where}` : ''}: servicios, precio, límites del vehículo y opiniones de otros nómadas.`,
  /** A channel (/canales/{url}): its name, and its description or else this. */
  channelTitle: (nombre: string, site: string) => `${nombre} - ${site}`,
  channelDescription: (nombre: string, site: string) =>
    `Vídeos de ${nombre} en ${site}: rutas, áreas y vida en autocaravana.`,
  /** A video (/canales/{url}/{video}): its title and channel (the tab adds " - {site}"), and its description or else this. */
  videoTitle: (title: string, nombre: string) => `${title} - ${nombre}`,
  videoDescription: (title: string, nombre: string) => `${title}, un vídeo del canal ${nombre}.`,
} as const;

/**
 * Web Push notices (modules/push): what the phone shows with the app closed. No more than the notifications
 * tab shows: a chat message says who wrote, never what.
 */
export const PUSH_NOTICE = {
  chatTitle: (username: string) => `Nuevo mensaje de @${username}`,
  chatBody: 'Toca para leerlo en el chat',
  replyTitle: (username: string) => `@${username} ha respondido a tu comentario`,
  followTitle: (username: string) => `@${username} ha empezado a seguirte`,
  followBody: 'Toca para ver su perfil',
} as const;

// Texts of the map (/mapa), the location sheet (/mapa/location/{urlpoint}) and the places of the wall composer.
import type { MapKind, MapService } from '@nomadas/shared';
import { formatCount } from '../numbers';

const places = (n: number) => (n === 1 ? '1 lugar' : `${formatCount(n)} lugares`);

export const esMapa = {
  title: 'Mapa',
  heading: 'Mapa de áreas de autocaravanas',
  pageDescription:
    'Áreas de autocaravanas, gasolineras con GLP y rutas en toda España, con filtros para tu vehículo.',
  mapLabel: 'Mapa de lugares para autocaravanas',
  count: (shown: number, total: number) =>
    shown === total ? places(total) : `${places(shown)} de ${formatCount(total)}`,
  loading: 'Cargando lugares…',
  loadFailed: 'No hemos podido cargar los lugares. Comprueba tu conexión.',
  retry: 'Reintentar',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  tilesOffline: 'Mapa de fondo sin conexión: los lugares se siguen viendo.',

  kinds: {
    default: 'Área de autocaravanas',
    glp: 'Gasolinera con GLP',
    ubic: 'Ubicación',
    iniruta: 'Inicio de ruta',
    finruta: 'Fin de ruta',
  } satisfies Record<MapKind, string>,
  services: {
    agua: 'Agua potable',
    grises: 'Vaciado de aguas grises',
    negras: 'Vaciado de aguas negras',
    electricidad: 'Electricidad',
    duchas: 'Duchas',
    wc: 'WC',
    wifi: 'Wifi',
    sombra: 'Sombra',
    lavanderia: 'Lavandería',
  } satisfies Record<MapService, string>,

  toolbar: {
    label: 'Herramientas del mapa',
    filters: 'Filtros',
    filtersActive: (n: number) => `Filtros (${n})`,
    list: 'Lista',
    visibility: 'Mi posición',
    add: 'Añadir lugar',
    locate: 'Localízame',
    locating: 'Buscando tu posición…',
    close: 'Cerrar',
  },
  locateFailed: 'No hemos podido obtener tu posición. Revisa los permisos de ubicación.',
  /** While live sharing is on, on whatever screen: says what it is about and where to stop it. */
  sharingLocateFailed:
    'Compartir ubicación: no hemos podido obtener tu posición. Revisa los permisos de ubicación del navegador.',
  sharingSettings: 'Ajustes de visibilidad',
  youAreHere: 'Estás aquí',

  cluster: (n: number) => `Grupo de ${places(n)}. Acercar`,
  free: 'Gratis',
  draft: 'Pendiente de confirmar',
  pricePerNight: (price: number) => `${price.toLocaleString('es-ES')} € por noche`,
  rating: (stars: number) => `${stars.toLocaleString('es-ES', { maximumFractionDigits: 1 })} de 5 estrellas`,
  noRating: 'Sin opiniones',
  km: (km: number) =>
    km < 1
      ? `${Math.round(km * 1000)} m`
      : `${km.toLocaleString('es-ES', { maximumFractionDigits: km < 10 ? 1 : 0 })} km`,

  filters: {
    title: 'Filtros',
    kinds: 'Tipo de lugar',
    kindsHint: 'Sin marcar ninguno se ven todos.',
    services: 'Servicios',
    servicesHint: 'Solo lugares que tengan todos los marcados.',
    free: 'Solo gratis',
    vehicle: 'Mi vehículo',
    vehicleHint: 'Oculta los lugares con límites que tu vehículo no cumple.',
    length: 'Longitud (m)',
    height: 'Altura (m)',
    reset: 'Quitar filtros',
    apply: 'Ver lugares',
    remembered: 'Tus filtros se guardan en este dispositivo.',
  },

  list: {
    title: 'Lugares a la vista',
    byDistanceFromMe: 'Ordenados por distancia desde tu posición',
    byDistanceFromCentre: 'Ordenados por distancia al centro del mapa',
    empty: 'No hay lugares en esta zona con estos filtros. Aleja el mapa o quita filtros.',
    more: (n: number) => `Y ${places(n)} más: acerca el mapa para verlos.`,
    capped: (total: number) =>
      `Hay ${formatCount(total)} lugares en esta zona: acerca el mapa para verlos todos.`,
  },

  preview: {
    open: 'Ver ficha',
    close: 'Cerrar',
  },

  visibility: {
    title: 'Mi posición',
    intro:
      'Enseña a otros nómadas dónde andas, más o menos: tu posición se desplaza al azar dentro del radio que elijas antes de salir del móvil.',
    who: '¿Quién te ve?',
    types: {
      0: 'Oculto',
      1: 'Visible para mis amigos',
      2: 'Visible para todos los usuarios registrados',
    } as Record<0 | 1 | 2, string>,
    range: 'Radio de aproximación (metros)',
    rangeHint: 'Un número entero de al menos 1 metro. Por defecto, 1000.',
    rangeInvalid: 'El radio debe ser un número entero de al menos 1 metro',
    hours: 'Durante cuánto tiempo',
    hoursOption: (h: number) => (h === 1 ? '1 hora' : `${h} horas`),
    save: 'Guardar',
    sharingUntil: (time: string) => `Compartes tu posición aproximada hasta las ${time}.`,
    hidden: 'No compartes tu posición.',
    stop: 'Dejar de compartir',
    saved: 'Ajustes de visibilidad guardados',
    stopped: 'Has dejado de compartir tu posición',
    failed: 'No hemos podido leer tu posición. Lo seguimos intentando.',
    friendsTitle: 'Nómadas cerca',
    friendAt: (username: string) => `${username}, posición aproximada. Ver su perfil`,
  },

  add: {
    title: 'Añadir lugar',
    intro: 'Toca el mapa donde está el lugar o usa tu posición.',
    pickOnMap: 'Toca el mapa para situar el lugar',
    useMyPosition: 'Usar mi posición',
    chosen: (lat: number, lng: number) => `Situado en ${lat.toFixed(5)}, ${lng.toFixed(5)}`,
    noPoint: 'Aún no has situado el lugar en el mapa.',
    kind: 'Tipo',
    name: 'Nombre',
    description: 'Descripción',
    optional: '(opcional)',
    services: 'Servicios',
    price: 'Precio por noche (€)',
    priceHint: 'Déjalo vacío o en 0 si es gratis.',
    maxStay: 'Estancia máxima (noches)',
    places: 'Plazas',
    maxLength: 'Longitud máxima (m)',
    maxHeight: 'Altura máxima (m)',
    surface: 'Superficie',
    surfacePlaceholder: 'Asfalto, tierra, grava…',
    submit: 'Añadir lugar',
    sending: 'Enviando…',
    cancel: 'Cancelar',
    draftNote:
      'Aparece al momento como pendiente de confirmar; será público cuando otros viajeros lo confirmen.',
    loginNeeded: 'Para añadir lugares necesitas estar registrado',
  },

  visitor: {
    title: '¡Únete a la comunidad!',
    visibility: 'Regístrate para compartir tu posición con tus amigos',
  },
} as const;

export const esMapaSheet = {
  back: 'Volver al mapa',
  loading: 'Cargando el lugar…',
  notFound: {
    pageTitle: 'Lugar no encontrado',
    title: 'No encontramos este lugar',
    text: 'Puede que el enlace esté mal o que el lugar se haya retirado del mapa.',
    goMap: 'Ir al mapa',
  },
  failed: {
    title: 'No hemos podido cargar este lugar',
    text: 'Comprueba tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
  description: (name: string, where: string) =>
    `${name}${where ? `, ${where}` : ''}: servicios, precio y opiniones.`,
  draftBanner: 'Este lugar está pendiente de confirmar: lo verán todos cuando otros viajeros lo confirmen.',
  draftOthers: 'Un viajero ha propuesto este lugar. ¿Existe de verdad?',
  confirm: 'Confirmar que existe',
  photos: 'Fotos',
  photoAlt: (name: string, n: number) => `${name}, foto ${n}`,
  directions: 'Cómo llegar',
  directionsHint: '(se abre en OpenStreetMap)',
  details: 'Datos del lugar',
  services: 'Servicios',
  noServices: 'No se conocen sus servicios.',
  price: 'Precio',
  season: 'Temporada',
  maxStay: 'Estancia máxima',
  nights: (n: number) => (n === 1 ? '1 noche' : `${n} noches`),
  places: 'Plazas',
  maxLength: 'Longitud máxima',
  maxHeight: 'Altura máxima',
  metres: (m: number) => `${m.toLocaleString('es-ES', { maximumFractionDigits: 2 })} m`,
  surface: 'Superficie',
  unknown: 'Sin datos',
  coordinates: 'Coordenadas',
  reviews: 'Opiniones',
  reviewsCount: (n: number) => (n === 1 ? '1 opinión' : `${n} opiniones`),
  noReviews: 'Aún nadie ha opinado. ¡Sé el primero!',
  stayedOn: (date: string) => `Estuvo el ${date}`,
  yours: 'Tu opinión',
  review: {
    title: 'Deja tu opinión',
    editTitle: 'Edita tu opinión',
    stars: 'Puntuación',
    star: (n: number) => (n === 1 ? '1 estrella' : `${n} estrellas`),
    text: 'Tu opinión',
    textPlaceholder: '¿Qué tal se duerme? ¿Está limpio? ¿Hay sombra?',
    stayed: 'Fecha de tu estancia',
    send: 'Publicar opinión',
    update: 'Guardar cambios',
    sending: 'Guardando…',
  },
  report: {
    open: 'Informar de un error',
    title: 'Informar de un error',
    reason: '¿Qué dato está mal?',
    placeholder: 'Por ejemplo: ya no hay vaciado de aguas negras',
    send: 'Enviar',
    cancel: 'Cancelar',
  },
  posts: 'Fotos del muro desde aquí',
  postAlt: (username: string) => `Post de ${username}`,
  noPosts: 'Aún no hay publicaciones desde este lugar.',
  login: {
    text: 'Entra o regístrate para opinar, confirmar lugares o informar de errores.',
    login: 'Entrar',
    register: 'Registrarse',
  },
} as const;

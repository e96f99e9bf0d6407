// Texts of the settings tab of /perfil (Configuración); they load only with that screen's chunk.
import { PASSWORD_MIN, POST_IMAGE_MAX_MB, USERNAME_RESERVED_DAYS } from '@nomadas/shared';

export const esSettings = {
  loading: 'Cargando tu perfil…',
  loadFailed: 'No hemos podido cargar tu perfil.',
  retry: 'Reintentar',

  profile: {
    title: 'Tu perfil',
    lead: 'Así te ven los demás nómadas en el muro y en tu perfil.',
    coverAlt: 'Tu portada',
    avatarAlt: 'Tu foto de perfil',
    changeCover: 'Cambiar portada',
    changeAvatar: 'Cambiar foto',
    imageRules: `JPG, PNG, WebP o AVIF, hasta ${POST_IMAGE_MAX_MB} MB. La foto de perfil se recorta en cuadrado.`,
    newImage: 'Sin guardar',
    undoImages: 'Descartar fotos',
    description: 'Descripción',
    descriptionHint: 'Cuéntale a la comunidad quién eres, en qué viajas y por dónde andas.',
    descriptionPlaceholder: 'Ej.: Viajo en una camper desde 2019, siempre buscando playas tranquilas.',
    counter: (length: number, max: number) => `${length} / ${max}`,
    counterLabel: (length: number, max: number) => `${length} de ${max} caracteres`,
    save: 'Guardar cambios',
    saving: 'Guardando…',
    uploading: (percent: number) => `Subiendo… ${percent} %`,
    noChanges: 'No hay cambios que guardar',
    viewPublic: 'Ver mi perfil público',
  },

  email: {
    title: 'Email',
    current: 'Email actual',
    lead: 'Te enviaremos un enlace al email nuevo: el cambio se hace cuando lo abras.',
    newEmail: 'Email nuevo',
    password: 'Tu contraseña',
    submit: 'Cambiar email',
    busy: 'Enviando…',
    pendingTitle: 'Pendiente de confirmar',
    pending: (email: string) =>
      `Hemos enviado un enlace a ${email}. Ábrelo en las próximas 24 horas para terminar el cambio.`,
  },

  password: {
    title: 'Contraseña',
    lead: 'Al cambiarla cerraremos la sesión en tus otros dispositivos.',
    current: 'Contraseña actual',
    next: 'Contraseña nueva',
    nextHint: `Al menos ${PASSWORD_MIN} caracteres. Evita las contraseñas fáciles de adivinar.`,
    repeat: 'Repite la contraseña nueva',
    submit: 'Cambiar contraseña',
    busy: 'Cambiando…',
  },

  data: {
    title: 'Tus datos',
    lead: 'Descarga un archivo .zip con tu perfil, tus posts y sus fotos, tus comentarios, tus likes, a quién sigues y tus notificaciones.',
    download: 'Descargar mis datos',
    dialogTitle: 'Descargar mis datos',
    dialogText: 'Por seguridad, escribe tu contraseña. La descarga empezará enseguida.',
    password: 'Tu contraseña',
    confirm: 'Descargar',
    busy: 'Preparando…',
    cancel: 'Cancelar',
  },

  offline: {
    title: 'Sin conexión',
    lead:
      'Lo que has visto se guarda en este dispositivo para leerlo sin cobertura. Se borra al cerrar la sesión, ' +
      'salvo las zonas del mapa base que guardes: cuentan aquí y se quedan hasta que las borres.',
    size: (megabytes: string) => `Datos sin conexión: ${megabytes} MB`,
    sizeUnknown: 'Datos sin conexión: tamaño desconocido',
    clear: 'Borrar',
    cleared: 'Datos sin conexión borrados',
  },

  session: {
    title: 'Sesión',
    lead: 'Cierra la sesión en este dispositivo.',
    logout: 'Cerrar sesión',
  },

  danger: {
    title: 'Eliminar cuenta',
    lead: `Se borrarán tu perfil, tus posts con sus fotos, tus comentarios, tus likes y a quién sigues. No se puede deshacer. Tu nombre de usuario quedará reservado ${USERNAME_RESERVED_DAYS} días.`,
    open: 'Eliminar cuenta',
    dialogTitle: '¿Eliminar tu cuenta?',
    dialogText: (username: string) =>
      `Vas a borrar la cuenta ${username} y todo lo que has publicado. Escribe tu contraseña para confirmarlo.`,
    password: 'Tu contraseña',
    confirm: 'Eliminar mi cuenta',
    busy: 'Eliminando…',
    cancel: 'Cancelar',
  },
} as const;

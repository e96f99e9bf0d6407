// Texts of the profile's canal tab (/perfil?tab=canal); they load with the miPerfil chunk.
export const esMyChannel = {
  loading: 'Cargando tu canal…',
  loadFailed: 'No hemos podido cargar tu canal.',
  retry: 'Reintentar',

  create: {
    title: 'Crea tu canal',
    lead: 'Sube los vídeos de tus rutas, tus trucos y tu vida en la carretera. Otros nómadas podrán suscribirse y verlos en cualquier móvil.',
    nombre: 'Nombre del canal',
    nombreHint: (min: number, max: number) => `De ${min} a ${max} caracteres.`,
    url: 'Dirección (opcional)',
    urlHint: (max: number) =>
      `Hasta ${max} letras minúsculas, números y guiones. Si la dejas vacía, la haremos con el nombre.`,
    preview: 'Tu canal estará en',
    descripcion: 'Descripción (opcional)',
    descripcionPlaceholder: 'Qué vas a contar: rutas, áreas, bricolaje camper…',
    submit: 'Crear canal',
    busy: 'Creando…',
  },

  summary: {
    view: 'Ver mi canal',
    changeCover: 'Cambiar portada',
    changeAvatar: 'Cambiar imagen',
    saving: 'Guardando…',
    coverAlt: 'Portada de tu canal',
    imageSaved: 'Imagen actualizada',
  },

  upload: {
    title: 'Subir un vídeo',
    lead: (maxMb: number) =>
      `MP4, MOV o WebM de hasta ${maxMb} MB. Si se corta la conexión, la subida sigue donde se quedó.`,
    choose: 'Elegir vídeo',
    chooseAnother: 'Elegir otro',
    chosen: (name: string, size: string) => `${name} · ${size}`,
    noFile: 'Elige primero el vídeo que quieres subir.',
    videoTitle: 'Título',
    videoTitleHint: (min: number, max: number) => `De ${min} a ${max} caracteres.`,
    submit: 'Subir vídeo',
    uploading: (title: string) => `Subiendo «${title}»`,
    progress: (percent: number, sent: string, total: string) => `${percent} % · ${sent} de ${total}`,
    offline: 'Sin conexión. Seguiremos subiendo en cuanto vuelva.',
    retrying: 'Se ha cortado la conexión: reintentando…',
    resumed: 'Continuamos la subida que quedó a medias con este archivo.',
    pending: (title: string) =>
      `La subida de «${title}» quedó a medias. Elige el mismo archivo para continuarla donde se quedó.`,
    failed: 'La subida se ha detenido.',
    resume: 'Reanudar',
    cancel: 'Cancelar',
    discard: 'Descartar',
    doneHint: 'En «Mis vídeos» aparece como procesando hasta que esté listo para verse en cualquier móvil.',
    view: 'Ver el vídeo',
    another: 'Subir otro vídeo',
  },

  videos: {
    title: 'Mis vídeos',
    empty: 'Todavía no has subido ningún vídeo.',
    edit: 'Editar',
    editVideo: (title: string) => `Editar «${title}»`,
    remove: 'Eliminar',
    removeVideo: (title: string) => `Eliminar «${title}»`,
    processingLabel: (title: string) => `Procesado de «${title}»`,
  },

  editVideo: {
    title: 'Editar vídeo',
    videoTitle: 'Título',
    descripcion: 'Descripción',
    loading: 'Cargando el vídeo…',
    save: 'Guardar',
    cancel: 'Cancelar',
  },

  details: {
    title: 'Datos del canal',
    lead: 'El nombre y la descripción que ven quienes visitan tu canal. La dirección no cambia.',
    nombre: 'Nombre del canal',
    descripcion: 'Descripción',
    save: 'Guardar cambios',
    busy: 'Guardando…',
    noChanges: 'No has cambiado nada.',
  },

  danger: {
    title: 'Eliminar el canal',
    lead: 'Se borran el canal, sus vídeos y sus suscripciones. No se puede deshacer.',
    action: 'Eliminar canal',
  },

  confirm: {
    title: 'Aviso',
    accept: 'Aceptar',
    cancel: 'Cancelar',
    deleteVideo: (title: string) => `¿Seguro que quieres eliminar el vídeo «${title}»?`,
    deleteChannel: '¿Seguro que quieres eliminar tu canal con todos sus vídeos?',
  },
} as const;

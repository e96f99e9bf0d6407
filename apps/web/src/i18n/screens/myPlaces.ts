// Texts of saved places, a place's photos, sharing and "Cómo llegar" (issue #32).

export const esMyPlaces = {
  save: 'Guardar',
  saved: 'Guardado',
  saveHint: (name: string) => `Guardar ${name} en Mis lugares`,
  savePending: 'Se guardará cuando vuelva la conexión',
  loginToSave: 'Inicia sesión para guardar lugares',

  title: 'Mis lugares',
  intro:
    'Los lugares que has guardado, el último primero. Se guardan también en este dispositivo para verlos sin conexión.',
  empty: 'Aún no has guardado ningún lugar. Pulsa «Guardar» en la ficha de un lugar y aparecerá aquí.',
  goMap: 'Ir al mapa',
  failed: 'No hemos podido cargar tus lugares.',
  retry: 'Reintentar',
  onlyMine: 'Mis lugares',
  onlyMineHint: 'Ver solo los lugares que has guardado',
  showOnMap: (name: string) => `Ver ${name} en el mapa`,

  photos: {
    add: 'Añadir fotos',
    adding: 'Subiendo foto…',
    left: (n: number) => (n === 1 ? 'Puedes añadir 1 foto más' : `Puedes añadir ${n} fotos más`),
    full: 'Ya has añadido 6 fotos a este lugar',
    delete: 'Borrar foto',
    deleteConfirm: '¿Borrar esta foto? Dejará de verse en la ficha del lugar.',
    cancel: 'Cancelar',
    yours: 'Tuya',
    failed: 'No se ha podido subir la foto. Inténtalo de nuevo.',
    deleted: 'Foto borrada',
    added: 'Foto añadida',
    offline: 'Necesitas conexión para subir fotos',
  },

  share: {
    share: 'Compartir',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado',
    copyFailed: 'No se ha podido copiar. Copia el enlace de la barra de direcciones.',
  },

  directions: {
    go: 'Cómo llegar',
    choose: '¿Con qué app quieres ir?',
    remember: 'La recordaremos para la próxima vez.',
    change: 'Cambiar app',
    with: (app: string) => `Cómo llegar con ${app}`,
    opensIn: (app: string) => `(se abre en ${app})`,
    apps: {
      google: 'Google Maps',
      apple: 'Apple Maps',
      waze: 'Waze',
      osm: 'OpenStreetMap',
    },
  },
};

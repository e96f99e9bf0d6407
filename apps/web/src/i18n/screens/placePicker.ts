// Texts of the place a wall post names: the composer's picker and the post's link to the place's sheet.
export const esPlacePicker = {
  add: 'Añadir lugar',
  change: 'Cambiar lugar',
  remove: 'Quitar lugar',
  title: 'Lugares cerca de ti',
  locating: 'Buscando lugares cerca de ti…',
  none: 'No hay lugares del mapa cerca de tu posición.',
  failed: 'No hemos podido obtener tu posición. Revisa los permisos de ubicación.',
  chosen: (name: string) => `Lugar: ${name}`,
  distance: (km: number) =>
    km < 1
      ? `a ${Math.round(km * 1000)} m`
      : `a ${km.toLocaleString('es-ES', { maximumFractionDigits: 1 })} km`,
  placeLink: (name: string) => `Publicado desde ${name}`,
  /** Any place of the map, by name (issue #32). */
  searchLabel: 'O busca un lugar del mapa',
  searchPlaceholder: 'Nombre, población o provincia',
  searchTitle: 'Lugares encontrados',
  searchNone: 'Ningún lugar del mapa se llama así.',
  searchFailed: 'No hemos podido buscar. Inténtalo de nuevo.',
} as const;

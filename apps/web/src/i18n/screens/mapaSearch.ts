// Texts of the map's search box (/mapa, issue #32).

export const esMapaSearch = {
  label: 'Buscar un lugar o una población',
  placeholder: 'Buscar lugar o población',
  listLabel: 'Lugares y poblaciones',
  places: 'Lugares',
  towns: 'Poblaciones',
  loading: 'Buscando…',
  noResults: 'Sin resultados',
  failed: 'No hemos podido buscar. Inténtalo de nuevo.',
  savedOnly: 'Sin conexión: solo tus lugares guardados.',
  found: (count: number) =>
    count === 1
      ? '1 resultado. Usa las flechas arriba y abajo para elegirlo.'
      : `${count} resultados. Usa las flechas arriba y abajo para elegir uno.`,
} as const;

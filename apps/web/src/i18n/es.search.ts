// Texts of the header's search suggestions and of the phone's full-screen search. They load with that
// lazy chunk, on the first focus of the box; the box's own label and placeholder are in es.ts (header).

export const esSearch = {
  /** Spec §2 "Search suggestions": the groups, to the letter. */
  groups: { p: 'Hashtags', u: 'Usuarios', c: 'Canales', l: 'Lugares', t: 'Poblaciones' },
  listLabel: 'Sugerencias de búsqueda',
  loading: 'Buscando…',
  noResults: 'Sin resultados',
  failed: 'No hemos podido buscar. Inténtalo de nuevo.',
  /** Read by screen readers when an answer arrives. */
  found: (count: number) =>
    count === 1
      ? '1 sugerencia. Usa las flechas arriba y abajo para elegirla.'
      : `${count} sugerencias. Usa las flechas arriba y abajo para elegir una.`,
  sheetTitle: 'Búsqueda',
  sheetHint: 'Busca hashtags, nómadas, canales, lugares y poblaciones.',
  sheetTip: 'Empieza por # para buscar solo hashtags, o por @ para buscar solo nómadas.',
} as const;

// Texts of the legal screen(s); each screen's file loads only with that screen's chunk.
export const esLegal = {
  title: 'Términos legales',
  lead: (site: string) =>
    `Las reglas del juego de ${site}, explicadas con la mayor claridad posible. Si algo no se entiende, escríbenos.`,
  updated: 'Última actualización: noviembre de 2026',
  toc: 'En esta página',
  backToTop: 'Volver al índice',
  resetCookies: 'Cambiar mi elección de cookies',
} as const;

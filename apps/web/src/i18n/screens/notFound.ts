// Texts of the notFound screen(s); each screen's file loads only with that screen's chunk.
export const esNotFound = {
  title: 'Página no encontrada',
  text: 'Esta carretera no lleva a ningún sitio: puede que el enlace esté mal escrito o que la página ya no exista.',
  suggestions: 'Te proponemos otras rutas:',
  illustration: 'Una autocaravana parada ante una señal de fin de carretera con el número 404',
} as const;

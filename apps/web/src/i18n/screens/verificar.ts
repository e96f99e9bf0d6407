// Texts of the verificar screen(s); each screen's file loads only with that screen's chunk.
export const esVerificar = {
  title: 'Activar cuenta',
  waiting: 'Estamos activando tu cuenta…',
  okTitle: 'Cuenta activada',
  koTitle: 'No hemos podido activar tu cuenta',
  koHelp: '¿Crees que es un error? Escríbenos y lo revisamos contigo.',
} as const;

// Texts of the e-mail confirmation screen (/perfil/email/{code}); they load only with that screen's chunk.
export const esConfirmarEmail = {
  title: 'Confirmar email',
  waiting: 'Estamos confirmando tu nuevo email…',
  okTitle: 'Email confirmado',
  koTitle: 'No hemos podido cambiar tu email',
  koHelp: 'Puedes pedir otro enlace desde la configuración de tu perfil.',
  goSettings: 'Ir a la configuración',
} as const;

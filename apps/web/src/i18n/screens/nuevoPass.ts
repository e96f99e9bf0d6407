// Texts of the nuevoPass screen(s); each screen's file loads only with that screen's chunk.
export const esNuevoPass = {
  title: 'Nueva contraseña',
  lead: 'Elige una contraseña nueva para tu cuenta. Usa al menos 8 caracteres; mejor si mezclas letras, números y símbolos.',
  password: 'Nueva contraseña',
  repeat: 'Repite la contraseña',
  show: 'Mostrar contraseña',
  hide: 'Ocultar contraseña',
  save: 'Guardar contraseña',
  saving: 'Guardando…',
  okTitle: 'Contraseña cambiada',
  newLink: 'Pedir un enlace nuevo',
} as const;

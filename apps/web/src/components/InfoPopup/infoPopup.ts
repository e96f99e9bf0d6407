import { setOverlay, type InfoPopupOptions } from '../../app/shellStore';

export type { InfoPopupOptions };

/** Shows the info popup (title, text, optional 'Iniciar sesión' / 'Ir al registro' buttons); replaces any other popup. */
export function infoPopup(options: InfoPopupOptions): void {
  setOverlay({ kind: 'info', options });
}

import { MSG } from '@nomadas/shared';
import { ApiFailure } from '../api/queries/apiData';
import { infoPopup } from '../components/InfoPopup/infoPopup';
import { toast } from '../components/Toast/toast';
import { esChannels } from '../i18n/screens/channels';

/** A failed action says why: the server's msg, or the generic one when nothing answered. */
export function toastFailure(error: unknown) {
  toast(error instanceof ApiFailure && error.serverMsg ? error.serverMsg : MSG.serverError, 'ko');
}

/** A visitor's tap on subscribe or like: the popup with 'Iniciar sesión' and 'Ir al registro' (spec §2). */
export function visitorPopup(text: string) {
  infoPopup({ title: esChannels.visitor.title, text, login: true, register: true });
}

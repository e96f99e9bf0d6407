import type { MailMessage } from './mailer.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const paragraphsHtml = (paragraphs: string[]) =>
  paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');

function layout(
  site: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  footer = 'Si no has pedido este correo, ignóralo.',
  after: string[] = [],
): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#d9480f;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#1f2a30;max-width:560px;margin:auto;padding:24px">
<h1 style="color:#0b5563;font-size:22px">${escapeHtml(site)}</h1>${paragraphsHtml(paragraphs)}${button}${paragraphsHtml(after)}
<p style="color:#5b6770;font-size:13px">${escapeHtml(footer)}</p></body></html>`;
}

export function activationMail(
  site: string,
  to: string,
  username: string,
  url: string,
  guide: { title: string; url: string },
): MailMessage {
  const lines = [
    `¡Hola ${username}!`,
    `Gracias por unirte a ${site}, la comunidad de quienes viajan y viven en autocaravana.`,
    'Activa tu cuenta para empezar a compartir tus rutas (el enlace caduca en 7 días):',
  ];
  // The guide the landing and the popup promise for registering (issue #33), after the button.
  const gift = [
    `Tu regalo de bienvenida te espera dentro: la guía «${guide.title}», con la mejor época para ir a cada una y un área para dormir cerca. La tendrás en tu perfil y en ${guide.url}`,
  ];
  return {
    to,
    subject: `Activa tu cuenta de ${site}`,
    text: `${lines.join('\n\n')}\n\n${url}\n\n${gift.join('\n\n')}\n`,
    html: layout(site, lines, { label: 'Activar mi cuenta', url }, undefined, gift),
  };
}

export function recoveryMail(site: string, to: string, username: string, url: string): MailMessage {
  const lines = [
    `Hola ${username}:`,
    `Alguien ha pedido cambiar la contraseña de tu cuenta de ${site}.`,
    'Si has sido tú, elige una nueva desde este enlace (caduca en 1 hora):',
  ];
  return {
    to,
    subject: `Cambia tu contraseña de ${site}`,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(site, lines, { label: 'Cambiar contraseña', url }),
  };
}

export function accountExistsMail(site: string, to: string, username: string, siteUrl: string): MailMessage {
  const lines = [
    `Hola ${username}:`,
    `Alguien ha intentado crear una cuenta nueva de ${site} con este email, pero ya es el de tu cuenta.`,
    'Si has sido tú y no recuerdas la contraseña, entra en la web y pulsa «¿Has olvidado la contraseña?».',
  ];
  return {
    to,
    subject: `Ya tienes una cuenta de ${site}`,
    text: `${lines.join('\n\n')}\n\n${siteUrl}/\n`,
    html: layout(site, lines, { label: `Ir a ${site}`, url: `${siteUrl}/` }),
  };
}

export function contactMail(
  site: string,
  to: string,
  message: { name: string; email: string; subject: string; message: string },
): MailMessage {
  const lines = [`De: ${message.name} <${message.email}>`, `Asunto: ${message.subject}`, message.message];
  return {
    to,
    replyTo: message.email,
    subject: `[${site} contacto] ${message.subject}`,
    text: lines.join('\n\n'),
    html: layout(site, lines),
  };
}

// ---------------------------------------------------------------- the own account (modules/own-profile)

/** Security notices: there is nothing to ignore in them. */
const NOTICE_FOOTER = 'Te escribimos porque es un cambio importante en tu cuenta.';

/** `ana.ruta@example.com` → `a•••a@example.com`: enough for the owner to recognise it, not to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const hidden = local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${hidden}${email.slice(at)}`;
}

export function passwordChangedMail(
  site: string,
  to: string,
  username: string,
  siteUrl: string,
): MailMessage {
  const lines = [
    `Hola ${username}:`,
    `La contraseña de tu cuenta de ${site} se acaba de cambiar y hemos cerrado la sesión en tus otros dispositivos.`,
    'Si no has sido tú, pide una contraseña nueva con «¿Has olvidado la contraseña?» y escríbenos desde la página de contacto.',
  ];
  const url = `${siteUrl}/contacto`;
  return {
    to,
    subject: `Tu contraseña de ${site} ha cambiado`,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(site, lines, { label: 'Ir a contacto', url }, NOTICE_FOOTER),
  };
}

export function emailChangeMail(site: string, to: string, username: string, url: string): MailMessage {
  const lines = [
    `Hola ${username}:`,
    `Has pedido que esta sea la dirección de tu cuenta de ${site}.`,
    'Confírmalo desde este enlace (caduca en 24 horas); hasta entonces seguimos usando la anterior:',
  ];
  return {
    to,
    subject: `Confirma tu nuevo email de ${site}`,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(site, lines, { label: 'Confirmar mi email', url }),
  };
}

export function emailChangedMail(
  site: string,
  to: string,
  username: string,
  newEmail: string,
  siteUrl: string,
): MailMessage {
  const lines = [
    `Hola ${username}:`,
    `El email de tu cuenta de ${site} ha cambiado a ${maskEmail(newEmail)}. Desde ahora te escribiremos allí.`,
    'Si no has sido tú, escríbenos cuanto antes desde la página de contacto.',
  ];
  const url = `${siteUrl}/contacto`;
  return {
    to,
    subject: `El email de tu cuenta de ${site} ha cambiado`,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(site, lines, { label: 'Ir a contacto', url }, NOTICE_FOOTER),
  };
}

export function emailInUseMail(site: string, to: string, username: string, siteUrl: string): MailMessage {
  const lines = [
    `Hola ${username}:`,
    `Alguien ha intentado poner esta dirección en otra cuenta de ${site}, pero ya es la de tu cuenta. No hemos cambiado nada.`,
    'Si has sido tú desde otra cuenta, elige otro email para ella.',
  ];
  return {
    to,
    subject: `Tu email ya está en una cuenta de ${site}`,
    text: `${lines.join('\n\n')}\n\n${siteUrl}/\n`,
    html: layout(site, lines, { label: `Ir a ${site}`, url: `${siteUrl}/` }),
  };
}

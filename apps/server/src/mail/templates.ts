import type { MailMessage } from './mailer.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(site: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#d9480f;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#1f2a30;max-width:560px;margin:auto;padding:24px">
<h1 style="color:#0b5563;font-size:22px">${escapeHtml(site)}</h1>${body}${button}
<p style="color:#5b6770;font-size:13px">Si no has pedido este correo, ignóralo.</p></body></html>`;
}

export function activationMail(site: string, to: string, username: string, url: string): MailMessage {
  const lines = [
    `¡Hola ${username}!`,
    `Gracias por unirte a ${site}, la comunidad de quienes viajan y viven en autocaravana.`,
    'Activa tu cuenta para empezar a compartir tus rutas (el enlace caduca en 7 días):',
  ];
  return {
    to,
    subject: `Activa tu cuenta de ${site}`,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(site, lines, { label: 'Activar mi cuenta', url }),
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

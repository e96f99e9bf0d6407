import fs from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`),
    'latin1',
  ).toString('latin1');

function decodeBody(part: string): string {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    return decodeURIComponent(decodeQuotedPrintable(body).replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** Mails the file mailer wrote, newest last; the text part decoded. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const raw = await fs.readFile(path.join(dir, name), 'utf8');
      const header = (key: string) => raw.match(new RegExp(`^${key}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
      // Split on this mail's own boundary: a code in a link may itself contain "--".
      const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
      const parts = boundary ? raw.split(`--${boundary}`) : [raw];
      const textPart = parts.find((part) => /content-type:\s*text\/plain/i.test(part)) ?? raw;
      return { file: name, to: header('To'), subject: header('Subject'), text: decodeBody(textPart) };
    }),
  );
}

/** The first link in the newest mail to `to` whose path starts with `pathPrefix`. */
export async function findMailLink(dir: string, to: string, pathPrefix: string): Promise<string | undefined> {
  const mails = (await readOutbox(dir)).filter((mail) => mail.to.includes(to)).reverse();
  for (const mail of mails) {
    const link = mail.text.match(new RegExp(`https?://\\S+${pathPrefix}[A-Za-z0-9_-]+`))?.[0];
    if (link) return link;
  }
  return undefined;
}

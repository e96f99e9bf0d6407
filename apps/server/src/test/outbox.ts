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

const outboxFiles = async (dir: string) =>
  (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();

const header = (raw: string, key: string) => raw.match(new RegExp(`^${key}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';

function parseMail(file: string, raw: string): OutboxMail {
  // Split on this mail's own boundary: a code in a link may itself contain "--".
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const textPart = parts.find((part) => /content-type:\s*text\/plain/i.test(part)) ?? raw;
  return { file, to: header(raw, 'To'), subject: header(raw, 'Subject'), text: decodeBody(textPart) };
}

/** Mails the file mailer wrote, newest last; the text part decoded. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  return Promise.all(
    (await outboxFiles(dir)).map(async (name) =>
      parseMail(name, await fs.readFile(path.join(dir, name), 'utf8')),
    ),
  );
}

/**
 * The first link in the newest mail to `to` whose path starts with `pathPrefix`. Newest first, decoding only mails
 * to `to`: the end-to-end app's outbox holds every mail of the run, and polling decoded them all each time.
 */
export async function findMailLink(dir: string, to: string, pathPrefix: string): Promise<string | undefined> {
  const linkPattern = new RegExp(`https?://\\S+${pathPrefix}[A-Za-z0-9_-]+`);
  for (const name of (await outboxFiles(dir)).reverse()) {
    const raw = await fs.readFile(path.join(dir, name), 'utf8');
    if (!header(raw, 'To').includes(to)) continue;
    const link = parseMail(name, raw).text.match(linkPattern)?.[0];
    if (link) return link;
  }
  return undefined;
}

/** What the server writes into <head> for a page, so shared links preview well. */
export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  url?: string;
  /** The path names something that does not exist (an unknown user's profile): the page answers 404. */
  notFound?: boolean;
}

/** Returns meta for the paths a module knows (e.g. /muro/{post}); null for the rest. */
export type PageMetaResolver = (pathname: string) => Promise<PageMeta | null>;

const escapeAttribute = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderHead(meta: PageMeta, siteName: string): string {
  const tags = [
    `<title>${escapeAttribute(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(meta.description)}">`,
    `<meta property="og:site_name" content="${escapeAttribute(siteName)}">`,
    `<meta property="og:title" content="${escapeAttribute(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttribute(meta.description)}">`,
    `<meta property="og:type" content="website">`,
  ];
  if (meta.url) tags.push(`<meta property="og:url" content="${escapeAttribute(meta.url)}">`);
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escapeAttribute(meta.image)}">`);
    tags.push(`<meta name="twitter:card" content="summary_large_image">`);
  }
  return tags.join('\n    ');
}

/** JSON inside a <script type="application/json"> block: never executed, and `<` cannot close it. */
export function renderJsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

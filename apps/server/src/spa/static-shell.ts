import { STATIC_SHELL } from '@nomadas/shared';

/**
 * What a first visit paints as soon as the HTML has arrived, before the app's code, style sheets and font (over
 * "Slow 3G" these take some 7–9 s): the header with the logo, its height and colours those of the app's header
 * (apps/web/src/components/Header), and the shape of the page below it. React's createRoot replaces it when the
 * app runs. Its CSS is inline and its classes its own, so it needs no request and cannot clash with the app's.
 */

/** The screen's shape below the header, by what the server knows of the route. */
type SkeletonKind = 'wall' | 'map' | 'page';

const kindOf = (pathname: string): SkeletonKind =>
  /^\/(muro|tags\/[^/]+)\/?$/.test(pathname) ? 'wall' : /^\/mapa\/?$/.test(pathname) ? 'map' : 'page';

const escapeText = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

// apps/web/src/styles/tokens.css, light then dark: surface, bg, text, border, muted surface, action.
// The header mirrors Header.module.css (60 px bar, 94 % surface, 1 px border); 900 px is its desktop break.
export const STATIC_SHELL_STYLE = `<style>
body{margin:0;min-height:100dvh;background:#fbf8f3;color:#1f2a30;line-height:1.55;font-family:'Figtree Variable',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;-webkit-font-smoothing:antialiased}
.boot-header{position:sticky;top:0;z-index:100;background:color-mix(in srgb,#fff 94%,transparent);border-bottom:1px solid #ece1cf}
.boot-bar{display:flex;align-items:center;gap:4px;box-sizing:border-box;height:60px;max-width:1280px;margin-inline:auto;padding-inline:12px 8px}
.boot-home{display:inline-flex;align-items:center;gap:8px;min-height:44px;margin-right:auto;padding-inline:4px;color:inherit;text-decoration:none}
.boot-home svg{display:block;flex:none}
.boot-word{font-size:1.3rem;font-weight:820;letter-spacing:-.02em;line-height:1}
.boot-tld{color:#c2410c}
.boot-block{background:#f6efe4;border-radius:10px}
.boot-nav,.boot-search{display:none}
.boot-nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 12px;color:inherit;font-weight:550;text-decoration:none}
.boot-tools{display:flex}
.boot-tool{display:block;width:36px;height:36px;margin:4px;border-radius:50%}
.boot-main{box-sizing:border-box;max-width:1120px;margin-inline:auto;padding:32px 16px}
.boot-title{width:min(60%,360px);height:2.25rem;margin-bottom:20px}
.boot-line{height:1rem;margin-bottom:12px}
.boot-short{width:70%}
.boot-cards{display:grid;gap:16px;margin-top:32px}
.boot-card{height:180px;border-radius:16px}
.boot-tiles{display:grid;grid-template-columns:repeat(3,1fr);gap:3px;margin:24px -16px 0}
.boot-tile{aspect-ratio:1;border-radius:0}
.boot-map{height:calc(100dvh - 61px);border-radius:0}
@media (min-width:768px){.boot-cards{grid-template-columns:repeat(3,1fr)}.boot-tiles{grid-template-columns:repeat(3,264px);gap:8px;margin-inline:0}.boot-tile{border-radius:10px}}
@media (min-width:900px){.boot-bar{gap:8px;padding-inline:16px}.boot-home{margin-right:8px}.boot-nav{display:flex;gap:4px}.boot-search{display:block;flex:1;min-width:120px;max-width:340px;height:44px;margin-inline:auto;border-radius:999px}}
@media (prefers-color-scheme:dark){body{background:#0e1a1f;color:#eef2f1}.boot-header{background:color-mix(in srgb,#152329 94%,transparent);border-color:#26393f}.boot-tld{color:#f76707}.boot-block{background:#1b2c33}}
</style>`;

// apps/web/src/components/Logo/Logo.tsx's mark.
const LOGO_MARK =
  '<svg width="32" height="32" viewBox="0 0 40 40" aria-hidden="true" focusable="false">' +
  '<circle cx="20" cy="20" r="20" fill="#0b5563"/><circle cx="27.5" cy="13" r="5" fill="#ffb35c"/>' +
  '<path d="M7 24.5c0-4.7 3.8-8.5 8.5-8.5H25a5 5 0 0 1 5 5v4.5a1.5 1.5 0 0 1-1.5 1.5h-20A1.5 1.5 0 0 1 7 25.5z" fill="#fff"/>' +
  '<rect x="11" y="19" width="5.5" height="4" rx="1.2" fill="#0b5563"/><rect x="19" y="19" width="4" height="7" rx="1" fill="#e8590c"/>' +
  '<circle cx="14" cy="27.5" r="2.8" fill="#1f2a30" stroke="#fff" stroke-width="1.4"/>' +
  '<path d="M4 31.5h32" stroke="#ffb35c" stroke-width="1.6" stroke-linecap="round" stroke-dasharray="4 3"/></svg>';

/** The wordmark as the app's Logo splits it: "nómadas" + ".tv" at the name's last dot. */
function wordmark(siteName: string): string {
  const dot = siteName.lastIndexOf('.');
  if (dot <= 0) return escapeText(siteName);
  return `${escapeText(siteName.slice(0, dot))}<span class="boot-tld">${escapeText(siteName.slice(dot))}</span>`;
}

const block = (classes: string) => `<div class="boot-block ${classes}"></div>`;

function skeleton(kind: SkeletonKind): string {
  if (kind === 'map') return block('boot-map');
  const heading = block('boot-title') + block('boot-line') + block('boot-line boot-short');
  const below =
    kind === 'wall'
      ? `<div class="boot-tiles">${block('boot-tile').repeat(9)}</div>`
      : `<div class="boot-cards">${block('boot-card').repeat(3)}</div>`;
  return `<div class="boot-main">${heading}${below}</div>`;
}

/**
 * The shell's markup for a page: the header's links work before the app does; the rest is a picture, hidden from
 * screen readers, which hear that the page is loading.
 */
export function renderStaticShell(pathname: string, siteName: string): string {
  const kind = kindOf(pathname);
  const tools = '<span class="boot-block boot-tool"></span>'.repeat(3);
  return (
    `<div aria-busy="true"><header class="boot-header"><div class="boot-bar">` +
    `<a href="/" class="boot-home" aria-label="${escapeText(STATIC_SHELL.home(siteName))}">${LOGO_MARK}<span class="boot-word">${wordmark(siteName)}</span></a>` +
    `<nav class="boot-nav" aria-label="${STATIC_SHELL.mainNav}"><a href="/mapa">${STATIC_SHELL.mapa}</a><a href="/canales">${STATIC_SHELL.canales}</a><a href="/muro">${STATIC_SHELL.muro}</a></nav>` +
    `<span class="boot-block boot-search" aria-hidden="true"></span><span class="boot-tools" aria-hidden="true">${tools}</span>` +
    `</div></header><div aria-hidden="true">${skeleton(kind)}</div>` +
    `<p role="status" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">${STATIC_SHELL.loading}</p></div>`
  );
}

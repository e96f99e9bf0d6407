import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The original app's typos and English words that the spec's texts carried (issue #33), and a few common words
// that lose their accent the same way. Matched inside string literals only, so code and comments may name them.
const MISSPELLINGS: [RegExp, string][] = [
  [/Noticaciones/, 'Notificaciones'],
  [/\bterminos\b/i, 'términos'],
  [/\bexito\b/i, 'éxito'],
  [/\blog(e|ue)ad[oa]\b/i, 'Sesión iniciada'],
  [/\bregistrate\b/i, '¡Regístrate!'],
  [/\bEstas segur[oa]\b/i, '¿Estás seguro…?'],
  [/\bmas de (\d|\$\{)/i, 'más de'],
  [/\bQuienes somos\b/i, 'Quiénes somos'],
  [/\bAreas de autocaravanas\b/, 'Áreas de autocaravanas'],
  [/\bLog ?(in|out)\b/, 'Iniciar sesión / Cerrar sesión'],
  [/\b(aqui|tambien|informacion|ubicacion|publicacion|contrasena|sesion|busqueda|pagina)\b/i, 'its accent'],
];

const root = join(import.meta.dirname, '../../../..');
const i18nDir = join(root, 'apps/web/src/i18n');
const sources = [
  ...readdirSync(i18nDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(i18nDir, file)),
  join(root, 'packages/shared/src/messages.ts'),
  join(root, 'apps/server/src/mail/templates.ts'),
];

/** The text of every '…', "…" and `…` literal (template holes left in: they are code, and short). */
function literals(source: string): string[] {
  const found: string[] = [];
  const pattern = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
  for (const match of source.matchAll(pattern)) found.push(match[1] ?? match[2] ?? match[3] ?? '');
  return found;
}

describe('Spanish of the screens, the server messages and the mails', () => {
  it('has none of the known misspellings nor English Login/Logout', () => {
    const problems: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
      for (const literal of literals(text)) {
        for (const [typo, right] of MISSPELLINGS) {
          if (typo.test(literal)) problems.push(`${file.slice(root.length + 1)}: "${literal}" → ${right}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads the catalogues and would catch the old texts', () => {
    expect(sources.length).toBeGreaterThan(25);
    const old = ['Noticaciones', 'logeado con exito', 'Para poder seguir viendo posts registrate!', 'Login'];
    for (const text of old) expect(MISSPELLINGS.some(([typo]) => typo.test(text)), text).toBe(true);
  });
});

import fc from 'fast-check';

/**
 * Generators of bad input for the bad-input suite: each builds the raw pieces of one HTTP request
 * (path, query string, headers, body bytes), so nothing is normalized or re-encoded by a client.
 */

/** Every field name any route reads, so that generated bodies hit real fields with wrong values. */
export const FIELD_NAMES = [
  'username',
  'password',
  'password_confirmation',
  'email',
  'name',
  'subject',
  'message',
  'text',
  'media',
  'c',
  'p',
  'u',
  'e',
  'br',
  'action',
] as const;

/** Query keys the list routes read (`/api/posts?1&n=0&l=12&tag=&cm=1&u=&b=`). */
export const QUERY_KEYS = ['1', 'n', 'l', 'tag', 'cm', 'u', 'b', 'bbox', 'kinds', 'q'] as const;

/** Strings that broke or could break something: unicode edge cases, injections, number look-alikes. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(10),
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\udc00x\ud800',
  '\u202eevil\u202c',
  '\u200b\u200d\u2060',
  '\ufeff',
  '\ufffe\uffff',
  'e\u0301'.repeat(600),
  '🧭'.repeat(600),
  '👩‍👩‍👧‍👦'.repeat(100),
  'ﷺ'.repeat(200),
  '\u0645\u0631\u062d\u0628\u0627',
  '\r\n\r\nX-Injected: 1',
  '\t\v\f\b',
  '\u001b[31m',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  "' or '1'='1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '-0',
  '0',
  '1.5',
  '1e309',
  '0x1f',
  '99999999999999999999999',
  '9223372036854775808',
  '１２３',
  'İıß',
  'a'.repeat(5000),
  'a'.repeat(70_000),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 6000 }) },
  // A surrogate half glued to text, which JSON and URL encoders treat differently.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0xd800, max: 0xdfff }))
      .map(([text, unit]) => text + String.fromCharCode(unit)),
  },
);

/** A value of any JSON type, with nasty strings, extreme numbers and nesting. */
export const nastyJsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.constantFrom(0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, true, false, null),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** UTF-8 percent-encoding of every byte but the unreserved ones; a lone surrogate becomes invalid UTF-8. */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    let bytes: number[];
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      bytes = [...Buffer.from(text.slice(i, i + 2), 'utf8')];
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      // WTF-8: what a careless encoder emits for a lone surrogate.
      bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    } else {
      bytes = [...Buffer.from(text[i] ?? '', 'utf8')];
    }
    for (const byte of bytes) {
      const char = String.fromCharCode(byte);
      out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/** Path segments as sent on the wire: traversal in its encodings, broken escapes, encoded nasty text. */
const RAW_SEGMENTS = [
  '..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252F..%252Fetc%252Fpasswd',
  '..%5C..%5Cwindows%5Cwin.ini',
  '%C0%AE%C0%AE%C0%AF',
  '../../../../etc/passwd',
  '..',
  '.',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%2',
  'a%2Fb',
  '..;',
  '%3F%23',
  '%20',
  '1%0D%0ASet-Cookie:%20x=1',
];

export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_SEGMENTS),
  nastyString.map(percentEncode),
  fc.integer().map(String),
);

/** A raw query string: known and odd keys, nasty values, duplicated keys, broken escapes. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('__proto__', 'constructor', 'n[]', 'a[b]', '', '%00', '%'),
          },
        ),
        fc.oneof(nastyString.map(percentEncode), fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '')),
      ),
      { minLength: 1, maxLength: 6 },
    )
    // A key given twice: fast-querystring turns it into an array.
    .chain((pairs) => fc.constantFrom(pairs, [...pairs, ...pairs.slice(0, 1)]))
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  fc.constantFrom('?', '?&&&', '?=', '?==&=', '?1&1&1', '?n=1&n=2&n=3', '?l=-5&l=9999', '?tag=%23&tag=%00'),
);

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; parts: MultipartPart[]; breakage: MultipartBreakage }
  | { kind: 'oversized'; contentType: string };

export interface MultipartPart {
  name: string;
  filename?: string | undefined;
  contentType?: string | undefined;
  content: string | Uint8Array;
}

export type MultipartBreakage =
  'none' | 'truncated' | 'noClosing' | 'wrongBoundary' | 'noBoundaryParam' | 'headerGarbage';

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=latin1',
];

const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-16',
  'application/xml',
  'application/x-www-form-urlencoded',
  'text/html',
  'application/octet-stream',
  'image/jpeg',
  'application/json, text/plain',
  'multipart/form-data',
  'multipart/mixed; boundary=x',
  ';;;',
  'a/b/c',
  '*/*',
];

const BROKEN_JSON = [
  '{',
  '{"username":',
  '[1,2',
  'nul',
  '"\\ud800"',
  '{"c":"a","c":1,"c":null}',
  '{"text":"a","text":"\\u0000"}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  "{'single':'quotes'}",
  '{"e":1e999999}',
  '{"p":-0.0000000000000000001}',
  '\u0000',
  '   ',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_001)}`,
];

const multipartPart: fc.Arbitrary<MultipartPart> = fc.record({
  name: fc.oneof(
    fc.constantFrom(...FIELD_NAMES, 'media', 'media', 'text'),
    nastyString.filter((s) => s.length < 200),
  ),
  filename: fc.option(
    fc.oneof(
      fc.constantFrom('foto.jpg', '../../etc/passwd', 'a\u0000.jpg', '.htaccess', ''),
      nastyString.filter((s) => s.length < 200),
    ),
    { nil: undefined },
  ),
  contentType: fc.option(
    fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/x-msdownload', ''),
    { nil: undefined },
  ),
  content: fc.oneof(
    nastyString,
    fc.uint8Array({ maxLength: 2000 }),
    // Image magic numbers followed by garbage: looks like a photo to a naive check.
    fc.constantFrom(
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]),
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    ),
  ),
});

export const bodySpec: fc.Arbitrary<BodySpec> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({
    kind: fc.constant('json' as const),
    value: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), nastyJsonValue, { maxKeys: 5 }),
      },
      { weight: 1, arbitrary: nastyJsonValue },
    ),
    contentType: fc.constantFrom(...JSON_TYPES),
  }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom(...BROKEN_JSON),
    contentType: fc.constantFrom(...JSON_TYPES),
  }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(nastyString, fc.constantFrom('username=a&password=b', '<a>1</a>', '{"username":"x"}')),
    contentType: fc.constantFrom(...WRONG_TYPES),
  }),
  fc.record({
    kind: fc.constant('multipart' as const),
    parts: fc.array(multipartPart, { maxLength: 14 }),
    breakage: fc.constantFrom<MultipartBreakage>(
      'none',
      'none',
      'truncated',
      'noClosing',
      'wrongBoundary',
      'noBoundaryParam',
      'headerGarbage',
    ),
  }),
  fc.record({
    kind: fc.constant('oversized' as const),
    contentType: fc.constantFrom('application/json', 'text/plain'),
  }),
);

export type TokenSpec = 'none' | 'valid' | { garbage: string };

export const tokenSpec: fc.Arbitrary<TokenSpec> = fc.oneof(
  fc.constant<TokenSpec>('none'),
  fc.constant<TokenSpec>('valid'),
  fc.constant<TokenSpec>('valid'),
  // Header values must be visible ASCII for the HTTP client; longer ones than any real token too.
  fc
    .string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 300,
    })
    .map((garbage) => ({ garbage })),
);

/** Bytes of a multipart body, correct or broken the given way; answers the content-type to send with it. */
export function buildMultipart(
  parts: MultipartPart[],
  breakage: MultipartBreakage,
): { contentType: string; body: Buffer } {
  const boundary = '----nomadasFuzz7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `form-data; name="${part.name.replaceAll('"', '%22')}"` +
      (part.filename === undefined ? '' : `; filename="${part.filename.replaceAll('"', '%22')}"`);
    let head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n`;
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    if (breakage === 'headerGarbage') head += 'Content-Disposition\r\n:::\r\n';
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  if (breakage !== 'noClosing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(chunks);
  if (breakage === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
  const contentType =
    breakage === 'noBoundaryParam'
      ? 'multipart/form-data'
      : `multipart/form-data; boundary=${breakage === 'wrongBoundary' ? 'other' : boundary}`;
  return { contentType, body };
}

/**
 * Forms for POST /api/post/create around a real photo: nasty, missing or repeated `text`, the photo
 * repeated or under another name, extra fields, a body cut short. Some are valid and publish a post.
 */
export function photoUploadForm(
  photo: Uint8Array,
): fc.Arbitrary<{ parts: MultipartPart[]; breakage: MultipartBreakage }> {
  const media: MultipartPart = {
    name: 'media',
    filename: 'foto.jpg',
    contentType: 'image/jpeg',
    content: photo,
  };
  return fc.record({
    parts: fc
      .tuple(
        fc.array(
          nastyString.map((text): MultipartPart => ({ name: 'text', content: text })),
          { maxLength: 2 },
        ),
        fc.constantFrom<MultipartPart[]>([media], [media], [media, media], [{ ...media, name: 'foto' }], []),
        fc.array(multipartPart, { maxLength: 3 }),
      )
      .chain(([texts, photos, extra]) =>
        fc.shuffledSubarray([...texts, ...photos, ...extra], {
          minLength: texts.length + photos.length + extra.length,
        }),
      ),
    breakage: fc.constantFrom<MultipartBreakage>(
      'none',
      'none',
      'none',
      'truncated',
      'noClosing',
      'headerGarbage',
    ),
  });
}

/**
 * Headers a client may get wrong: encodings, forwarding chains, oversized values. (`Expect` is sent
 * raw by the suite: Node's client then writes a GET body with no length, which reads as a second request.)
 */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...['gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, gzip'].map((v) => ({
        'content-encoding': v,
      })),
      ...['br;q=x, gzip;q=-1', '*;q=0', 'zstd', ''].map((v) => ({ 'accept-encoding': v })),
      ...['junk', ', ,', '999.1.1.1', '::zz', '127.0.0.1, 10.0.0.1, '.repeat(200)].map((v) => ({
        'x-forwarded-for': v,
      })),
    ),
  },
  { weight: 1, arbitrary: fc.constant({ 'x-oversized': 'v'.repeat(20_000) }) },
);

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { screenFolders } from './eslint/screen-folders.js';

// The server's layers (STYLE.md rules 4 and 12, issue #29). SQL is written in `*.queries.ts` and `db/`
// only, and Fastify is met in routes files and `http/` only; the sets below say who else may.
const server = 'apps/server/src';
const kyselyRestriction = {
  name: 'kysely',
  message: 'SQL lives in a `*.queries.ts` file (or db/): call a query function from here.',
};
const fastifyRestrictions = [
  {
    name: 'fastify',
    // Services are handed Fastify's logger (request.log, app.log); naming its type is not serving HTTP.
    allowImportNames: ['FastifyBaseLogger'],
    message: 'Fastify belongs in a `*.routes.ts` file or http/: hand this code plain values instead.',
  },
];
const fastifyPatterns = [
  {
    regex: '^(@fastify/|fastify-|@tus/server)',
    message: "HTTP plugins (Fastify's, tus's server) belong in a `*.routes.ts` file or http/.",
  },
];
const kyselyAllowed = [
  `${server}/**/*.queries.ts`,
  `${server}/db/**`, // the connection, the dialects, schema.ts and the migrations
  // Tests arrange and inspect rows that no route writes or shows (an expired code, a job's state).
  `${server}/**/*.test.ts`,
  `${server}/test/**`, // the harness: a database per test file, snapshots, the bad-input sweep
];
const fastifyAllowed = [
  `${server}/**/*.routes.ts`,
  `${server}/routes.ts`, // the route table
  `${server}/http/**`,
  `${server}/app.ts`, // builds the app: plugins, hooks, the error handler, in their order
  `${server}/server.ts`, // starts and stops it
  `${server}/test/**`,
];
const noImports = (restrictions) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: restrictions.flatMap((r) => (r === 'kysely' ? [kyselyRestriction] : fastifyRestrictions)),
      patterns: restrictions.includes('fastify') ? fastifyPatterns : [],
    },
  ],
});
// A query built on `ctx.db` or a transaction needs no import of kysely: the builder's entry points are
// refused as well.
const queryBuilding = {
  'no-restricted-syntax': [
    'error',
    {
      selector:
        'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
      message: 'SQL lives in a `*.queries.ts` file (or db/): call a query function from here.',
    },
  ],
};
const serverLayers = [
  { files: [`${server}/**/*.ts`], ignores: kyselyAllowed, rules: queryBuilding },
  {
    files: [`${server}/**/*.ts`],
    ignores: [...kyselyAllowed, ...fastifyAllowed],
    rules: noImports(['kysely', 'fastify']),
  },
  { files: kyselyAllowed, ignores: fastifyAllowed, rules: noImports(['fastify']) },
  { files: fastifyAllowed, ignores: kyselyAllowed, rules: noImports(['kysely']) },
  // The demo workspace writes its rows by the same rule: SQL in its own `*.queries.ts` files.
  {
    files: ['packages/demo/src/**/*.ts'],
    ignores: ['packages/demo/src/**/*.queries.ts', 'packages/demo/src/**/*.test.ts'],
    rules: { ...queryBuilding, ...noImports(['kysely', 'fastify']) },
  },
];

// The web's walls (STYLE.md rules 9 and 12). Screens keep to their folders (eslint/screen-folders.js), and
// the API is called from src/api only: the rest of the app calls the functions and query hooks made there.
const web = 'apps/web/src';
const apiOnly = 'Calls to the API are made in apps/web/src/api: add a function or a query file there.';
const apiClientPatterns = [
  // isOk and the ApiResult type only read an answer; `call` and `find` make calls.
  { regex: '(^|/)api/client$', importNames: ['call', 'find'], message: apiOnly },
  { regex: '(^|/)api/upload$', message: apiOnly },
];
const webApiRules = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
  'no-restricted-globals': [
    'error',
    ...['fetch', 'XMLHttpRequest', 'EventSource'].map((name) => ({ name, message: apiOnly })),
  ],
  'no-restricted-properties': [
    'error',
    ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: apiOnly })),
    { object: 'navigator', property: 'sendBeacon', message: apiOnly },
  ],
});
const tusOnlyThere = {
  group: ['tus-js-client'],
  allowTypeImports: true, // the upload screen names its types (PreviousUpload)
  message: 'The resumable video upload is made in screens/MiPerfil/channel/videoUpload.ts only.',
};
const webLayers = [
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { nomadas: { rules: { 'screen-folders': screenFolders } } },
    rules: {
      // app/routes.tsx is the route table: it lazy-loads each screen's entry.
      'nomadas/screen-folders': ['error', { root: web, allow: ['app/routes.tsx'] }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/api/**`, `${web}/screens/MiPerfil/channel/videoUpload.ts`],
    rules: webApiRules([...apiClientPatterns, tusOnlyThere]),
  },
  // The tus client speaks its own protocol to /api/video-uploads and keeps one upload going across the
  // profile's tabs, outside React; it is the one other door to the API.
  { files: [`${web}/screens/MiPerfil/channel/videoUpload.ts`], rules: webApiRules(apiClientPatterns) },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'tools/bench/**', 'packages/demo/**'],
    rules: { 'no-console': 'off' },
  },
  ...serverLayers,
  ...webLayers,
);

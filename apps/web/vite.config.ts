import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { afterBuild } from './build/afterBuild.ts';
import { emojiCatalogue } from './build/emojiCatalogue.ts';
import { precacheIntegrity } from './build/precacheIntegrity.ts';
import { precompress } from './build/precompress.ts';

const server = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

// React Router's package exports always point at its development build; the production build beside it
// differs only in leaving out developer warnings (whose messages are built on every render).
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs');

/**
 * Source maps are built (hidden: no sourceMappingURL in the files) and then moved out of dist/, the folder
 * the server publishes, into dist-sourcemaps/ beside it, for whoever debugs a production stack trace.
 */
function sourceMapsOutsideDist(): Plugin {
  return afterBuild('nomadas:source-maps-outside-dist', (outDir) => {
    const mapsDir = `${outDir}-sourcemaps`;
    fs.rmSync(mapsDir, { recursive: true, force: true });
    for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
      const from = path.join(entry.parentPath, entry.name);
      const to = path.join(mapsDir, path.relative(outDir, from));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(from, to);
    }
  });
}

/**
 * The service worker (src/pwa/sw.ts, #31), written by hand and given the build's file list (injectManifest):
 * its API cache is keyed by session, which generateSW's options cannot express. The app registers it itself
 * once the first screen has painted (src/pwa/registerServiceWorker.ts); public/manifest.webmanifest is ours.
 */
function serviceWorker(): Plugin[] {
  const outDir = path.resolve(import.meta.dirname, 'dist');
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // Every screen's chunk, its CSS, the font, the shell and what the manifest names; not the compressed copies.
      globPatterns: ['**/*.{js,css,woff2,html,webmanifest,png,svg,webp}'],
      manifestTransforms: [precacheIntegrity(outDir)],
      sourcemap: false,
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [react(), sourceMapsOutsideDist(), emojiCatalogue(), precompress(), serviceWorker()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      // Leaflet's package points at its UMD build, which needs the bundler's CommonJS helpers in its chunk.
      { find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    assetsInlineLimit: 2048,
    // Screens are named after the spec's chunks (landing, muro, 404...): see src/app/routes.tsx.
    rollupOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // What the entry needs arrives as one request, not a dozen (each costs a round trip on a phone).
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // What nearly every screen imports besides (icons, the page title, the common texts) comes with the
            // entry too: the landing fetched it anyway, and every other first screen saves three requests.
            {
              name: 'shell',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]|src[\\/]app[\\/]usePageTitle|src[\\/]i18n[\\/]screens[\\/]common\./,
              minShareCount: 2,
              priority: 2,
            },
            // The screens that read the API share TanStack Query and a few query modules; the screens with
            // dialogs share them and the follow button. Each set is one chunk, not eight or five small ones:
            // on a phone each request waits for a connection and costs a round trip.
            {
              name: 'data',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]api[\\/](QueryScope|queries[\\/](apiData|follow|followsList|friends|profile|recommendedUsers|wallCache))\.|src[\\/]components[\\/]InfoPopup[\\/]infoPopup\./,
              priority: 1,
            },
            {
              name: 'overlays',
              test: /src[\\/]components[\\/](Modal[\\/]|FollowButton[\\/]|layers\.)|src[\\/]i18n[\\/](es\.overlays|screens[\\/]follow)\./,
              priority: 1,
            },
            // Leaflet changes only when we upgrade it, the map's own code with every release: apart, a phone
            // keeps Leaflet (41 KB gzip of the map's 53) cached across our deploys.
            { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/media': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
}));

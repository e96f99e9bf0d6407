import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    assetsInlineLimit: 2048,
    // Screens are named after the spec's chunks (landing, muro, 404...): see src/app/routes.tsx.
    rollupOptions: { output: { chunkFileNames: 'assets/[name]-[hash].js' } },
  },
  server: {
    proxy: {
      '/api': server,
      '/media': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});

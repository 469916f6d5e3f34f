import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin';
import { textParts } from './text-parts-plugin';

const rootPackage = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as {
  version: string;
};

/** `npm run dev` starts the server on PORT (as the server reads it, 3000 when unset); the proxy follows it. */
const backend = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  plugins: [react(), textParts(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  build: {
    outDir: 'dist',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
      '/dev': backend,
    },
  },
});

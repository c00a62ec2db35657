import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web and builds to dist/web, which the server serves.
// In development Vite proxies the API and uploads to the server started by `npm run dev`.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page needs: the benchmark reads it to size a page's initial JavaScript.
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/uploads': `http://localhost:${apiPort}`,
    },
  },
});

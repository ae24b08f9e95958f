import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // The server bundle reads nothing from public/; the client build already copies it.
    copyPublicDir: !isSsrBuild,
  },
  // The server bundle (src/client/entry-server.tsx) runs in Node, where only redux-persist's
  // bundled copy loads.
  ssr: { noExternal: ['redux-persist'] },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
}));

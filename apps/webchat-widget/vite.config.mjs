import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web chat widget as one script and one stylesheet the gateway serves
// (`/webchat/{clientId}/embed.js`, `embed.css`), built from the npm packages at build time:
// nothing is fetched from a CDN when a page opens the chat.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'error',
  // The widget resolves a few assets against `import.meta.url`, which a classic script has not.
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': 'location.href' },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/apps/webchat-widget', import.meta.url)),
    emptyOutDir: true,
    reportCompressedSize: false,
    lib: {
      entry: 'src/embed.tsx',
      formats: ['iife'],
      name: 'PlatformWebchat',
      fileName: () => 'embed.js',
      cssFileName: 'embed',
    },
  },
});

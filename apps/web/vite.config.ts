import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

/**
 * route-chunks.json: for each page module (src/app/routes/<name>.tsx) the chunks it needs beyond
 * what index.html already loads. The server adds them as modulepreload links to the page it sends
 * for that route, so the route's code downloads beside the main bundle instead of after it.
 */
function routeChunks(): Plugin {
  return {
    name: 'route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[]; facadeModuleId: string | null; isEntry: boolean; isDynamicEntry: boolean }>();
      for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') chunks.set(file, out);
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const next of chunks.get(file)?.imports ?? []) closure(next, into);
        return into;
      };
      const initial = new Set<string>();
      for (const [file, c] of chunks) if (c.isEntry) closure(file, initial);
      const map: Record<string, string[]> = {};
      for (const [file, c] of chunks) {
        const name = c.isDynamicEntry ? c.facadeModuleId?.match(/\/src\/app\/routes\/(.+)\.tsx$/)?.[1] : undefined;
        if (name) map[name] = [...closure(file)].filter((f) => !initial.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(map) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routeChunks(),
    // Brotli and gzip copies of every text asset over 1 KB, made once at build; the server sends
    // the one the browser accepts (@fastify/static preCompressed) instead of compressing per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/,
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // A first screen of a few files instead of thirty (ADR 016): on a slow network each file
            // costs a round trip, and the small ones were most of them. Every icon the app uses
            // (a few hundred bytes each) as one file; the shared package's rules and texts (not
            // its schemas, which bring zod: those load with the first form); and the web's own
            // building blocks (components/ui, lib) that three pages or more use.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: 'shared', test: /packages[\\/]shared[\\/]src[\\/](?!schemas[\\/])[^\\/]+$/ },
            { name: 'ui', test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui|lib)[\\/]/, minShareCount: 3 },
          ],
        },
      },
    },
  },
});

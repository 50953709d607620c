/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadBudget } from './build/first-load-budget';
import { prerenderPublicPages } from './build/prerender-public-pages';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// Vendor groups keep heavy libraries (charts, Clerk) out of the chunks the first load needs.
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/ },
  { name: 'vendor-router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
  {
    name: 'vendor-charts',
    test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|es-toolkit|eventemitter3|react-redux|@reduxjs|redux|redux-thunk|reselect|immer|tiny-invariant|clsx)[\\/]/,
  },
  {
    name: 'vendor-clerk',
    test: /node_modules[\\/](@clerk|swr|js-cookie|dequal|glob-to-regexp|std-env|tslib|@stripe)[\\/]/,
  },
];

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    firstLoadBudget({
      route: '/daily',
      routeModules: ['src/app/routes/daily-route.tsx'],
      budgetBytes: 250_000,
    }),
    ...(process.env.STRIDE_PRERENDER === '0' ? [] : [prerenderPublicPages()]),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API_TARGET = process.env.API_TARGET ?? "http://127.0.0.1:3000";

/**
 * Vendor chunks: the framework pieces every screen needs are grouped so they cache well across
 * deploys; antd is left to Rollup so a page's heavy components (Table, DatePicker) stay in the
 * lazy chunk of the page that uses them instead of the first-screen download.
 */
const VENDOR_GROUPS: Array<[string, RegExp]> = [
  ["vendor-react", /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
  ["vendor-refine", /[\\/]node_modules[\\/](@refinedev[\\/]core|@tanstack|lodash-es|pluralize|papaparse)[\\/]/],
  ["vendor-i18n", /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/],
  ["vendor-casl", /[\\/]node_modules[\\/](@casl|@ucast)[\\/]/],
  ["vendor-http", /[\\/]node_modules[\\/](axios|qs|side-channel[^\\/]*|object-inspect)[\\/]/],
];

export default defineConfig({
  base: "/manage/",
  plugins: [react()],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        manualChunks(id) {
          for (const [name, pattern] of VENDOR_GROUPS) {
            if (pattern.test(id)) return name;
          }
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
      "/user-center": { target: API_TARGET, changeOrigin: false },
    },
  },
});

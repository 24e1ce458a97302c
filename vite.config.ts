import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

const API_TARGET = process.env.API_TARGET ?? "http://127.0.0.1:3000";

/**
 * Vendor chunks: the framework pieces every screen needs are grouped so they cache well across
 * deploys; antd is left to Rollup so a page's heavy components (Table, DatePicker) stay in the
 * lazy chunk of the page that uses them instead of the first-screen download.
 */
const VENDOR_GROUPS: Array<[string, RegExp]> = [
  // React apart from its router, and i18next apart from its React binding: the signing page (sign.html)
  // shares these chunks with the admin app but needs neither the router nor react-i18next.
  ["vendor-react", /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  ["vendor-router", /[\\/]node_modules[\\/](react-router)[\\/]/],
  [
    "vendor-refine",
    /[\\/]node_modules[\\/](@refinedev[\\/]core|@tanstack|lodash-es|pluralize|papaparse)[\\/]/,
  ],
  ["vendor-i18n", /[\\/]node_modules[\\/](i18next)[\\/]/],
  [
    "vendor-react-i18n",
    /[\\/]node_modules[\\/](react-i18next|html-parse-stringify|void-elements)[\\/]/,
  ],
  ["vendor-casl", /[\\/]node_modules[\\/](@casl|@ucast)[\\/]/],
  ["vendor-http", /[\\/]node_modules[\\/](axios|qs|side-channel[^\\/]*|object-inspect)[\\/]/],
];

/**
 * public/loader.js must run as a classic script before the bundle (it themes the initial loader;
 * the CSP forbids inline scripts), so Vite leaves it unhashed and the browser would revalidate
 * it on every visit. The build emits a content-hashed copy under assets/ (cached for a year like
 * every hashed asset) and points index.html at it; `vite` (dev) keeps serving public/loader.js.
 */
const hashedLoader = (): Plugin => {
  const source = readFileSync("public/loader.js");
  const fileName = `assets/loader-${createHash("sha256").update(source).digest("hex").slice(0, 10)}.js`;
  return {
    name: "law-manage:hashed-loader",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName, source });
    },
    // Vite has already put the base in front of public files' URLs by then.
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(/src="(?:\/manage)?\/loader\.js"/, `src="/manage/${fileName}"`),
    },
  };
};

/**
 * `virtual:esign-public-locale/<lang>`: the `esignPublic` part of locales/<lang>.json, so the
 * signing page downloads its own few messages instead of the admin app's whole file.
 */
const esignPublicLocales = (): Plugin => {
  const PREFIX = "virtual:esign-public-locale/";
  return {
    name: "law-manage:esign-public-locales",
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const file = path.resolve("locales", `${id.slice(PREFIX.length + 1)}.json`);
      this.addWatchFile(file);
      const messages =
        (JSON.parse(readFileSync(file, "utf8")) as { esignPublic?: unknown }).esignPublic ?? {};
      return `export default ${JSON.stringify(messages)};`;
    },
  };
};

/** `vite` (dev) answers the signing links and the verify page with sign.html, as spa.ts does in production. */
const publicPagesInDev = (): Plugin => ({
  name: "law-manage:public-pages-dev",
  apply: "serve",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/manage\/(esign\/[^/?]+|verify)\/?(\?.*)?$/.test(req.url))
        req.url = "/manage/sign.html";
      next();
    });
  },
});

export default defineConfig({
  base: "/manage/",
  // Brotli and gzip copies of every text asset, built once here so the server never compresses
  // static files per request (spa.ts serves them with @fastify/static's preCompressed).
  plugins: [
    react(),
    hashedLoader(),
    esignPublicLocales(),
    publicPagesInDev(),
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(html|js|mjs|css|json|svg|txt|map)$/,
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // Two pages: the admin app, and the signing/verify pages (no antd, no Refine; spa.ts serves it).
      input: { index: path.resolve("index.html"), sign: path.resolve("sign.html") },
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

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "./App";
import "./global.css";
import { initI18n } from "./providers/i18n";
import { addSchemaRoutes, fetchSchemaMenus } from "./routing/schema-routes";

const RELOADED_KEY = "chunkReloadAt";

// After a deploy the old page may ask for chunks that no longer exist; one reload fetches the
// new index.html. The timestamp stops a reload loop when the server itself is broken.
window.addEventListener("vite:preloadError", (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < 10_000) return;
  event.preventDefault();
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  window.location.reload();
});

const container = document.getElementById("root");
if (container) {
  // The schema-declared screens join the route table before the first render (it is read once).
  void Promise.all([initI18n(), fetchSchemaMenus()]).then(([, menus]) => {
    addSchemaRoutes(menus);
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

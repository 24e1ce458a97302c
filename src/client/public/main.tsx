import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { PublicApp } from "./app";
import { initI18n } from "./i18n";
import "./public.css";

const container = document.getElementById("root");
if (container) {
  void initI18n().then(() =>
    createRoot(container).render(
      <StrictMode>
        <PublicApp />
      </StrictMode>,
    ),
  );
}

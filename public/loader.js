/*
 * Runs before the app bundle so the initial loader already matches the user's theme: the
 * strict CSP (script-src 'self') forbids doing this inline in index.html.
 * Preference cookies are prefixed with the app title (SPEC §9): law-manage-theme is
 * light | dark | system. The colours match src/client/layout/theme-palette.ts.
 */
(function () {
  var PREFIX = "law-manage-";
  var COLORS = {
    light: { bg: "#f5f5f5", color: "#1677ff", track: "rgba(22, 119, 255, 0.15)" },
    dark: { bg: "#141414", color: "#4096ff", track: "rgba(64, 150, 255, 0.2)" },
  };

  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split("; ") : [];
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf("=");
      if (parts[i].slice(0, eq) === name) {
        try {
          return decodeURIComponent(parts[i].slice(eq + 1));
        } catch (e) {
          return parts[i].slice(eq + 1);
        }
      }
    }
    return null;
  }

  var theme = readCookie(PREFIX + "theme");
  if (theme === "system") {
    // The operating system decides; the last resolved scheme is the fallback without matchMedia.
    theme = window.matchMedia
      ? window.matchMedia("(prefers-color-scheme: dark)").matches
        ? "dark"
        : "light"
      : readCookie(PREFIX + "color-scheme");
  }
  var palette = COLORS[theme] || COLORS.light;
  var style = document.documentElement.style;
  style.setProperty("--initial-loader-bg", palette.bg);
  style.setProperty("--initial-loader-color", palette.color);
  style.setProperty("--initial-loader-track", palette.track);
  style.colorScheme = theme === "dark" ? "dark" : "light";
})();

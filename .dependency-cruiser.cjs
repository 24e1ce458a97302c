/**
 * The house's dependency rules (docs/architecture.md explains the floors). `npm run lint:deps`
 * checks src/ against them; tests/unit/dependency-rules.test.ts proves each rule fires.
 */
const FEATURE_INNER = "^src/(server|client)/features/[^/]+/(?!index\\.tsx?$).+";

module.exports = {
  forbidden: [
    {
      name: "feature-through-face",
      comment: "A feature uses another feature only through its face (features/<f>/index.ts).",
      severity: "error",
      from: { path: "^src/(server|client)/features/([^/]+)/" },
      to: { path: FEATURE_INNER, pathNot: "^src/$1/features/$2/" },
    },
    {
      name: "outside-through-face",
      comment: "The app, seeds and route lists reach a feature only through its face too.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(server|client)/features/" },
      to: { path: FEATURE_INNER },
    },
    {
      name: "shared-stands-alone",
      comment: "src/shared is used by both sides, so it imports neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|client)/" },
    },
    {
      name: "server-not-client",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    {
      name: "client-not-server",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-floors-below-features",
      comment:
        "lib, db, plugins and the schema engine are what features stand on; they never call one.",
      severity: "error",
      from: { path: "^src/server/(lib|db|plugins|schema-engine)/" },
      to: { path: "^src/server/features/" },
    },
    {
      name: "client-floors-below-features",
      comment:
        "Shared components, the layout and providers take what they need by props or providers.",
      severity: "error",
      from: { path: "^src/client/(components|layout|providers|lib|schema-ui)/" },
      to: { path: "^src/client/features/" },
    },
    {
      name: "no-circular",
      comment: "No import circles: cross-feature reactions go through registries and hooks.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/|\\.d\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};

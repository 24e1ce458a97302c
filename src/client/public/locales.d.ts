/** vite.config.ts builds these from locales/<lang>.json: only the `esignPublic` part of each. */
declare module "virtual:esign-public-locale/*" {
  const messages: Record<string, unknown>;
  export default messages;
}

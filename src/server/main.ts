import { buildApp } from "./app";
import { loadConfig } from "./lib/config";

const config = loadConfig(process.env);
const app = await buildApp(config);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, "shutting down");
  await app.close();
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
app.log.info(`law-manage on http://localhost:${config.port}/manage (${app.database.kind})`);

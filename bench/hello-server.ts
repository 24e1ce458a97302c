import Fastify from "fastify";

/** The baseline: a bare Fastify route, started the same way as the app. */
const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT ?? 3402), host: "127.0.0.1" });

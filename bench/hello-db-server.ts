import Fastify from "fastify";
import pg from "pg";

/**
 * The floor of a database read: a bare Fastify route that runs one fixed, parameterised SELECT
 * through a node-postgres pool (named, so prepared once per connection, as the app does) and
 * answers its row. No sign-in, no tenancy, no envelope, no query builder: what any route that
 * reads PostgreSQL over the same connection must pay at least.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get("/user", async () => {
  const { rows } = await pool.query({
    name: "hello_user",
    text: "select id, username, name, email, phone from users where username = $1",
    values: ["lawyer"],
  });
  return rows[0];
});
app.addHook("onClose", () => pool.end());
await app.listen({ port: Number(process.env.PORT ?? 3405), host: "127.0.0.1" });

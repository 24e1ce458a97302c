import type { FastifyInstance } from "fastify";

/**
 * Runs `job` every `everyMs` while the app is up: never two at once, failures logged (the next
 * tick tries again), the timer never keeps a finished process alive, and closing the app waits
 * for a run in progress. `name` goes into the log lines.
 */
export const startPeriodicJob = (app: FastifyInstance, name: string, everyMs: number, job: () => Promise<void>) => {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = job()
      .catch((err: unknown) => app.log.error({ err, job: name }, "periodic job failed"))
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
};

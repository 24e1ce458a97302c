import type { FastifyBaseLogger } from "fastify";

/**
 * The app's one scheduler of periodic jobs (`app.jobs`). Features register their jobs when their
 * plugin is registered; the scheduler starts them when the app is ready and stops them when it
 * closes. Each job: never two runs at once, failures logged (the next tick tries again), timers
 * never keep a finished process alive, and closing waits for runs in progress.
 */
export type JobScheduler = {
  /** `everyMs` of 0 or less leaves the job off (a configured interval of 0 turns a job off). */
  register: (name: string, everyMs: number, run: () => Promise<void>) => void;
  start: () => void;
  stop: () => Promise<void>;
  /** The registered jobs' names, in registration order. */
  names: () => string[];
};

type Job = {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
  running?: Promise<void>;
  timer?: NodeJS.Timeout;
};

export const createJobScheduler = (log: FastifyBaseLogger): JobScheduler => {
  const jobs = new Map<string, Job>();
  let started = false;
  const tick = (job: Job) => {
    if (job.running) return;
    job.running = job
      .run()
      .catch((err: unknown) => log.error({ err, job: job.name }, "periodic job failed"))
      .finally(() => {
        job.running = undefined;
      });
  };
  return {
    register: (name, everyMs, run) => {
      if (jobs.has(name)) throw new Error(`Job ${name} is registered twice`);
      if (started) throw new Error(`Job ${name} registered after the jobs started`);
      if (everyMs > 0) jobs.set(name, { name, everyMs, run });
    },
    start: () => {
      started = true;
      for (const job of jobs.values()) {
        job.timer = setInterval(() => tick(job), job.everyMs);
        job.timer.unref();
      }
    },
    stop: async () => {
      for (const job of jobs.values()) clearInterval(job.timer);
      await Promise.all([...jobs.values()].map((job) => job.running));
    },
    names: () => [...jobs.keys()],
  };
};

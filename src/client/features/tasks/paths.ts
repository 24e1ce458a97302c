/** Where a task opens: My tasks with its detail drawer (home and calendar link here). */
export const taskPath = (taskId: string) => `/tasks?task=${taskId}`;

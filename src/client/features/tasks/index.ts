// TasksPage is also a case's Tasks tab and part of its key-dates page; it loads on demand there too.
export { TasksPage, tasksRoutes } from "./routes";

/** What other features and the app may use of messages; everything else is internal. */
export { isDeliverable, queueMessage } from "./outbox";
export { messagesRoutes } from "./routes";
export { createSenders } from "./senders";
export type { Channel, Senders } from "./senders";

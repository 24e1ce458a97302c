/** What other features and the app may use of messages; everything else is internal. */
export { isDeliverable, queueMessage } from "./outbox";
export { messagesPlugin } from "./plugin";
export type { Channel, Senders } from "./senders";

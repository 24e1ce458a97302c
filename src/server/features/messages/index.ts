/** What other features and the app may use of messages; everything else is internal. */
export { type Mailbox, mailboxesOf } from "./mailboxes";
export { isDeliverable, queueMessage } from "./outbox";
export type { NewMessage, OutboxDeps } from "./outbox";
export { messagesPlugin } from "./plugin";
export type { Attachment, Channel, Senders } from "./senders";

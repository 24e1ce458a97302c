export { OutboxPage } from "./outbox-page";

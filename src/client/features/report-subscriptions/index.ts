/**
 * What the reports page uses of scheduled reports (报表订阅): the report card's "Subscribe" and the
 * "My subscriptions" panel.
 */
export type { SubscribableReport } from "./api";
export { SubscribeButton } from "./subscribe-button";
export { SubscriptionsPanel } from "./subscriptions-panel";

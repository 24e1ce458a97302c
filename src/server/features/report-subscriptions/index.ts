/**
 * What the app, the seed and tests may use of scheduled reports: the plugin, the job's one run,
 * and the period a new subscription counts as sent up to (the seed's rows start like the API's).
 */
export { runReportSubscriptions } from "./job";
export { reportSubscriptionsPlugin } from "./plugin";
export { baselineOf, type Schedule } from "./schedule";

import { Navigate } from "react-router";

/** `/notifications` opens the "all" tab. */
export const NotificationsIndex = () => <Navigate to="/notifications/all" replace />;

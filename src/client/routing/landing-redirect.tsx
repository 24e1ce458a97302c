import { Navigate } from "react-router";

import { appRoutes } from "../routes";
import { PATHS } from "../providers/navigation";
import { firstAllowedPath } from "./route-tree";
import { useCan } from "./use-can";

/** `/` (and a menu group's own path) opens the first menu item the user may open. */
export const LandingRedirect = ({ prefix }: { prefix: string }) => {
  const can = useCan();
  const target = firstAllowedPath(appRoutes, can, prefix) ?? PATHS.notAuthorized;
  return <Navigate to={target} replace />;
};

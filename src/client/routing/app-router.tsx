import { useEffect } from "react";
import { Navigate, useLocation, useNavigate, useRoutes } from "react-router";

import { PATHS, registerNavigate } from "../providers/navigation";
import { hasAccessToken } from "../providers/storage";
import { LoginRedirect } from "./login-redirect";
import { decideRoute } from "./route-guard";
import { routeObjects } from "./route-objects";
import { useCan } from "./use-can";
import { useCurrentLeaf } from "./use-current-leaf";
import { useRouteTitle } from "./use-route-title";

/** Renders the route table behind the one route guard (like a router's beforeEach). */
export const AppRouter = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const can = useCan();
  const leaf = useCurrentLeaf();
  const element = useRoutes(routeObjects(), location);

  useEffect(() => {
    registerNavigate((to, opts) => navigate(to, opts));
    return () => registerNavigate(null);
  }, [navigate]);

  useRouteTitle(leaf);

  const decision = decideRoute({
    matched: leaf ? leaf.chain.map((route) => route.meta) : [],
    isAuthenticated: hasAccessToken(),
    hasHandoffToken: new URLSearchParams(location.search).has("token"),
    isLanding: Boolean(leaf?.route.landing),
    can,
  });

  switch (decision.kind) {
    case "login":
      return <LoginRedirect />;
    case "home":
      return <Navigate to={PATHS.home} replace />;
    case "forbidden":
      return <Navigate to={PATHS.notAuthorized} replace />;
    default:
      return element;
  }
};

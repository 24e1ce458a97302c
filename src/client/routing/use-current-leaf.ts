import { useMemo } from "react";
import { useLocation } from "react-router";

import { matchLeaf } from "./route-match";

export const useCurrentLeaf = () => {
  const { pathname } = useLocation();
  return useMemo(() => matchLeaf(pathname), [pathname]);
};

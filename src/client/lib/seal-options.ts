import { useQuery } from "@tanstack/react-query";

import { api } from "./api";

export type SealOption = {
  id: string;
  name: string;
  sealType: string;
  sealingFirm: string;
  custodianId: string;
};

/** The firm's seals in use (every member may pick one): contracts, seal requests and e-signing offer them. */
export const useSealOptions = () =>
  useQuery({
    queryKey: ["seal-options"],
    queryFn: () => api.get<SealOption[]>("/seal-options"),
    staleTime: 60_000,
  });

import { useQuery } from "@tanstack/react-query";

import { api } from "../../lib/api";

/** The startable definition of a business kind (its id is the {workflow} of the create routes). */
export const useStartable = (kind: string) =>
  useQuery({
    queryKey: ["startable"],
    queryFn: () => api.get<{ id: string; kind: string; name: string }[]>("/workflow/startable"),
    staleTime: 60_000,
    select: (cards) => cards.find((c) => c.kind === kind),
  });

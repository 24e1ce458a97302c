import { useQuery } from "@tanstack/react-query";

import { api } from "./api";

export type Member = { id: string; name: string };

/** The firm's enabled members, for pickers and for showing a member's name by id. */
export const useMembers = () =>
  useQuery({
    queryKey: ["schema-options-members"],
    queryFn: async () =>
      (await api.get<Member[]>("/user-service/user/get-account-enabled-select-list")).map((u) => ({
        id: u.id,
        name: u.name,
      })),
    staleTime: 60_000,
  });

/** A member's name by id (empty while the list loads, or for someone who left). */
export const useMemberName = () => {
  const { data } = useMembers();
  return (id: unknown) =>
    typeof id === "string" ? (data?.find((m) => m.id === id)?.name ?? "") : "";
};

import { useGetIdentity, useInvalidateAuthStore, useLogout } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PATHS } from "../../providers/navigation";
import {
  displayName,
  type LoginUser,
  switchWorkspace,
  type WorkspaceRef,
} from "../../providers/session";
import { hasAccessToken } from "../../providers/storage";
import { ErrorResult } from "./error-result";

/**
 * 403. A member whose role grants nothing (a new intern) lands here with no menu and no navbar:
 * the page itself says who is signed in, in which firm, and offers the other firms and sign-out.
 */
export const NotAuthorizedPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidateAuthStore = useInvalidateAuthStore();
  const { mutate: logout } = useLogout();
  const isSignedIn = hasAccessToken();
  const { data: user } = useGetIdentity<LoginUser>();
  const [pendingId, setPendingId] = useState<WorkspaceRef["id"] | null>(null);
  const others = (user?.workspaces ?? []).filter(
    (w) => !(w.current ?? String(w.id) === String(user?.workspace?.id)),
  );

  const onSwitch = async (workspace: WorkspaceRef) => {
    setPendingId(workspace.id);
    try {
      await switchWorkspace(workspace.id);
      await invalidateAuthStore();
      navigate(PATHS.home);
    } catch {
      // The http layer has already shown what went wrong.
    } finally {
      setPendingId(null);
    }
  };

  const signedInAs =
    isSignedIn && user
      ? t("notAuthorized.signedInAs", { name: displayName(user), firm: user.workspace?.name ?? "" })
      : "";
  return (
    <ErrorResult
      status="403"
      title={t("notAuthorized.title")}
      description={
        signedInAs
          ? `${t("notAuthorized.description")} ${signedInAs}`
          : t("notAuthorized.description")
      }
      extra={
        isSignedIn ? (
          <>
            {others.map((w) => (
              <Button
                key={w.id}
                loading={pendingId === w.id}
                disabled={pendingId !== null && pendingId !== w.id}
                onClick={() => void onSwitch(w)}
              >
                {t("pages.workspaces.switchTo", { name: w.name })}
              </Button>
            ))}
            <Button danger onClick={() => logout()}>
              {t("notAuthorized.signOut")}
            </Button>
          </>
        ) : null
      }
    />
  );
};

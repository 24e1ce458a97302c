import { CameraOutlined } from "@ant-design/icons";
import { useCustomMutation, useInvalidateAuthStore } from "@refinedev/core";
import { Avatar, Button, Flex } from "antd";
import { type ChangeEvent, useRef } from "react";
import { useTranslation } from "react-i18next";

import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "../../../shared/contracts/profile";
import { showToast } from "../../layout/toast";
import type { LoginUser } from "../../providers/session";
import { dataUrlBytes, downscaleAvatar } from "./avatar-image";

/** Picks an image, shrinks it to 256×256 in a canvas and sends it as a data URL. */
export const AvatarUpload = ({ user }: { user: LoginUser }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const invalidateAuthStore = useInvalidateAuthStore();
  const { mutateAsync, mutation } = useCustomMutation();

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      showToast({ message: t("pages.profile.avatar.badType"), color: "error" });
      return;
    }
    try {
      const dataUrl = await downscaleAvatar(file);
      if (dataUrlBytes(dataUrl) > AVATAR_MAX_BYTES) {
        showToast({ message: t("pages.profile.avatar.tooLarge"), color: "error" });
        return;
      }
      await mutateAsync({
        url: "/api/profile/avatar",
        method: "put",
        values: { dataUrl },
        successNotification: false,
      });
      await invalidateAuthStore();
      showToast({ message: t("pages.profile.avatar.saved"), color: "success" });
    } catch (error) {
      // Server failures were toasted by the error catalogue; a broken image was not.
      if (error instanceof Error && error.message === "image") {
        showToast({ message: t("pages.profile.avatar.badType"), color: "error" });
      }
    }
  };

  return (
    <Flex vertical align="center" gap={8}>
      <Avatar
        size={72}
        src={user.avatarUrl || undefined}
        className="user-avatar"
        style={{ fontSize: 28 }}
      >
        {user.name.slice(0, 1)}
      </Avatar>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(",")}
        hidden
        onChange={(event) => void onPick(event)}
        data-testid="avatar-input"
      />
      <Button
        size="small"
        icon={<CameraOutlined />}
        loading={mutation.isPending}
        onClick={() => input.current?.click()}
      >
        {t("pages.profile.avatar.change")}
      </Button>
    </Flex>
  );
};

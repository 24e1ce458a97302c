import { Button, Flex, Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PATHS } from "../../providers/navigation";

type ErrorResultProps = {
  status: "403" | "404" | "500";
  title: string;
  description: string;
  extra?: ReactNode;
};

/** The shared body of the 403 / 404 / 500 pages: title, description, back-to-home. */
export const ErrorResult = ({ status, title, description, extra }: ErrorResultProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: "100vh", padding: 16 }}>
      <Result
        status={status}
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
        subTitle={description}
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button type="primary" onClick={() => navigate(PATHS.home)}>
              {t("buttons.backToHome")}
            </Button>
            {extra}
          </Flex>
        }
      />
    </Flex>
  );
};

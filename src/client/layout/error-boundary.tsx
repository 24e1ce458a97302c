import { WarningOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { Component, type ErrorInfo, type ReactNode } from "react";

import { i18n } from "../providers/i18n";

type Props = { children: ReactNode };
type State = { hasError: boolean };

/**
 * Keeps a page that throws (or whose chunk failed to load) from blanking the whole app: the
 * navigation stays usable. Layouts key it by path, so moving to another page resets it.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.hasError) return this.props.children;
    // Plain markup rather than antd's Result: its illustrations would weigh on every page.
    return (
      <Flex vertical align="center" gap={12} style={{ padding: "64px 16px", textAlign: "center" }}>
        <WarningOutlined style={{ fontSize: 40, color: "#faad14" }} />
        <h1 className="page-title">{i18n.t("serverError.pageFailed")}</h1>
        <p className="text-secondary" style={{ margin: 0 }}>
          {i18n.t("serverError.pageFailedHint")}
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {i18n.t("buttons.reload")}
        </Button>
      </Flex>
    );
  }
}

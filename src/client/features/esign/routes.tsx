import { SafetyCertificateOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const CertificatePage = lazy(() => import("./pages").then((m) => ({ default: m.CertificatePage })));

/** Below Settings: the firm's signing certificate. */
export const esignSettingsRoutes: AppRoute[] = [
  {
    path: "signing-certificate",
    component: CertificatePage,
    meta: { action: "manage", subject: "all", title: "esign.certificate.title" },
    menu: { icon: <SafetyCertificateOutlined />, label: "esign.certificate.title" },
  },
];

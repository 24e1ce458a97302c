import type { DataProvider } from "@refinedev/core";
import simpleRest from "@refinedev/simple-rest";

import { API_BASE, http, RECORD_PAGE_HEADER } from "../lib/api";

const rest = simpleRest(API_BASE, http);

/**
 * simple-rest over our axios instance (which unwraps the envelope). getOne marks its request
 * so a 404 there opens the not-found page, while a 404 from a mutation only toasts.
 */
export const dataProvider: DataProvider = {
  ...rest,
  getOne: (params) =>
    rest.getOne({
      ...params,
      meta: {
        ...params.meta,
        headers: { ...(params.meta?.headers as object | undefined), [RECORD_PAGE_HEADER]: "1" },
      },
    }),
};

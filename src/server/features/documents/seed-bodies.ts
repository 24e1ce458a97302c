import { Readable } from "node:stream";

import { DEMO_DOCUMENT_BODIES } from "../../seed/documents";
import type { BlobStore } from "./storage/blob-store";

/** The demo seed only writes rows; their bodies are put in the store here (idempotent). */
export const ensureSeedBodies = async (store: BlobStore) => {
  for (const body of DEMO_DOCUMENT_BODIES) {
    const staged = await store.stage(Readable.from([body]));
    await staged.commit();
  }
};

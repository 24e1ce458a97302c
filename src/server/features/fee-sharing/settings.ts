/**
 * The firm's fee-sharing settings are the ones Settings → Fee sharing edits, read by the fees
 * feature (workspaces.settings → 'fees', each part falling back to its default on its own, so a
 * hand-edited setting never stops payments being split). One reader, so the page and the splits
 * cannot disagree.
 */
export {
  DEFAULT_FEE_SETTINGS as DEFAULT_FEE_SHARE_SETTINGS,
  readFeeSettings as readFeeShareSettings,
} from "../fees";

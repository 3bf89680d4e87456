/**
 * Whether the grids below may offer "Export CSV": exports need can_report (docs/permissions.md), which the admin
 * workspace's layout knows from the person's role and provides here. Without a provider, no grid offers it.
 * The rows a grid shows are on the page already: this keeps the download to those allowed to take one away.
 */
import { createContext, useContext } from "react";

export const GridExportAllowed = createContext(false);

export function useGridExportAllowed(): boolean {
  return useContext(GridExportAllowed);
}

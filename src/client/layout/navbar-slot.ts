import { createContext, type ReactNode, useContext } from "react";

/**
 * What the app puts in the top bar beside the shared controls (the notification bell): App.tsx
 * provides it, so the layout imports no feature.
 */
const NavbarSlot = createContext<ReactNode>(null);

export const NavbarSlotProvider = NavbarSlot.Provider;

export const useNavbarSlot = () => useContext(NavbarSlot);

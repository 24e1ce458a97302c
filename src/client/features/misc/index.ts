export * from "./pages";

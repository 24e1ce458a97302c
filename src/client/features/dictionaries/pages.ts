export { DictionaryPage } from "./dictionary-page";
export { useDictionaryOptions } from "./use-dictionary-options";

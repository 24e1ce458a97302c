export { DictionaryPage } from "./dictionary-page";

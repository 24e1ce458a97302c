import {
  BLOCKED_EXTENSIONS,
  checkName,
  extensionOf,
  invalidCharsText,
  MAX_UPLOAD_ITEMS,
  type NameProblem,
  visibleName,
} from "../../../shared/name-rules";

/** One file to send, with its path below the target folder when it came inside a folder. */
export type UploadItem = { key: string; file: File; relativePath?: string };

export type LeftOutReason =
  | { key: "tooMany"; params: { max: number } }
  | { key: "invalidChars"; params: { chars: string } }
  | {
      key:
        | "spaces"
        | "emptyName"
        | "tooLong"
        | "dots"
        | "trailingDot"
        | "reserved"
        | "invisibleChars"
        | "emptyFolder"
        | "incompatible";
    }
  | { key: "tooLarge"; params: { limit: string } };

export type LeftOut = { name: string; reason: LeftOutReason };

/** A dropped or picked top-level item: a file, or a folder with the files found inside it. */
export type TopItem = { name: string; files: { file: File; path: string }[]; isFolder: boolean };

const nameReason = (problem: NameProblem): LeftOutReason => {
  if (problem === "invalidChars")
    return { key: "invalidChars", params: { chars: invalidCharsText() } };
  if (problem === "empty") return { key: "emptyName" };
  return { key: problem };
};

let sequence = 0;

/**
 * Applies the upload rules before anything is sent (the server checks them again): at most 10
 * top-level items, no empty folders, names without invalid characters or spaces, no programs,
 * no file over the size limit. Everything left out keeps its reason for the panel.
 */
export const sortItems = (items: TopItem[], opts: { maxFileBytes: number; limitText: string }) => {
  const accepted: UploadItem[] = [];
  const leftOut: LeftOut[] = [];
  items.forEach((item, index) => {
    if (index >= MAX_UPLOAD_ITEMS) {
      leftOut.push({
        name: item.name,
        reason: { key: "tooMany", params: { max: MAX_UPLOAD_ITEMS } },
      });
      return;
    }
    if (item.isFolder && item.files.length === 0) {
      leftOut.push({ name: item.name, reason: { key: "emptyFolder" } });
      return;
    }
    for (const { file, path } of item.files) {
      const segments = path.split("/");
      const problem = segments.map(checkName).find(Boolean);
      if (problem) {
        // Shown in the panel: an override in the name must not reverse the list around it.
        leftOut.push({ name: visibleName(path), reason: nameReason(problem) });
      } else if (BLOCKED_EXTENSIONS.has(extensionOf(file.name))) {
        leftOut.push({ name: path, reason: { key: "incompatible" } });
      } else if (file.size === 0) {
        leftOut.push({ name: path, reason: { key: "emptyFolder" } });
      } else if (file.size > opts.maxFileBytes) {
        leftOut.push({
          name: path,
          reason: { key: "tooLarge", params: { limit: opts.limitText } },
        });
      } else {
        sequence += 1;
        accepted.push({
          key: `u${sequence}`,
          file,
          relativePath: item.isFolder ? path : undefined,
        });
      }
    }
  });
  return { accepted, leftOut };
};

/** Files from an <input> (plain or webkitdirectory): a folder pick is one item per top folder. */
export const itemsFromInput = (files: File[]): TopItem[] => {
  const byTop = new Map<string, TopItem>();
  for (const file of files) {
    const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath ?? "";
    if (!relative) {
      byTop.set(`f:${byTop.size}:${file.name}`, {
        name: file.name,
        files: [{ file, path: file.name }],
        isFolder: false,
      });
      continue;
    }
    const top = relative.split("/")[0];
    const item = byTop.get(`d:${top}`) ?? { name: top, files: [], isFolder: true };
    item.files.push({ file, path: relative });
    byTop.set(`d:${top}`, item);
  }
  return [...byTop.values()];
};

const readAll = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    // readEntries answers in batches (100 in Chromium) until it returns an empty one.
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });

const walk = async (entry: FileSystemEntry, path: string, out: { file: File; path: string }[]) => {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, path });
    return;
  }
  const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
  for (const child of children) await walk(child, `${path}/${child.name}`, out);
};

/** A drop's top-level items, walking dropped folders (empty ones stay empty, to be reported). */
export const itemsFromDrop = async (data: DataTransfer): Promise<TopItem[]> => {
  const entries = [...data.items]
    .filter((i) => i.kind === "file")
    .map((i) => ({ entry: i.webkitGetAsEntry?.() ?? null, file: i.getAsFile() }));
  const items: TopItem[] = [];
  for (const { entry, file } of entries) {
    if (entry?.isDirectory) {
      const files: { file: File; path: string }[] = [];
      await walk(entry, entry.name, files);
      items.push({ name: entry.name, files, isFolder: true });
    } else if (file) {
      items.push({ name: file.name, files: [{ file, path: file.name }], isFolder: false });
    }
  }
  return items;
};

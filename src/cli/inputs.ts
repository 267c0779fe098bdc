// The files a convert command reads: names given, folders opened (the files directly in them, by
// name), and read errors in words a person can act on rather than an errno.
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';

const WHY: Record<string, string> = {
  ENOENT: 'there is no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EMFILE: 'too many files are open',
};

const cannot = (file: string, e: unknown): AppError => {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return new AppError('invalid_request', `Cannot read ${file}: ${WHY[code] ?? (code || 'error')}.`);
};

export const isFolder = (p: string): boolean => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;

/** Files to convert: each name as given, each folder as the files directly inside it (no hidden files, no subfolders). */
export function expandInputs(names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    if (!isFolder(name)) {
      out.push(name);
      continue;
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(name, { withFileTypes: true });
    } catch (e) {
      throw cannot(name, e);
    }
    const files = entries
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort((a, b) => a.localeCompare(b, 'en'));
    if (!files.length) throw new AppError('invalid_request', `The folder ${name} holds no files to convert.`);
    out.push(...files.map((f) => path.join(name, f)));
  }
  return out;
}

/** A file's bytes, or invalid_request saying why it cannot be read. */
export function readInput(file: string): Uint8Array {
  try {
    return new Uint8Array(fs.readFileSync(file));
  } catch (e) {
    throw cannot(file, e);
  }
}

import path from 'node:path';

/**
 * A short name for a WD14 model file, for the log and the page: the file's own name, or, since
 * SmilingWolf's repositories all name it `model.onnx`, the folder it sits in. A Hugging Face cache
 * path (`models--SmilingWolf--wd-eva02-large-tagger-v3/snapshots/<commit>/model.onnx`) names the
 * repository: `wd-eva02-large-tagger-v3`.
 */
export function taggerModelName(file: string): string {
  const parts = path.resolve(file).split(path.sep).filter(Boolean);
  const own = path.basename(file, path.extname(file));
  if (own.toLowerCase() !== 'model') return own;
  const folders = parts.slice(0, -1).reverse();
  const cache = folders.find((folder) => folder.startsWith('models--'));
  if (cache) return cache.split('--').at(-1) ?? own;
  return folders.find((folder) => !/^[0-9a-f]{40}$/.test(folder) && folder !== 'snapshots') ?? own;
}

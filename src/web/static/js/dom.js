// Small DOM helpers shared by the converter's modules.
export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('data-')) e.dataset[k.slice(5)] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c ?? '');
  return e;
}

/** localStorage key of the file format last downloaded (one file or a batch ZIP), offered first next time. */
export const LAST_FORMAT = 'll-last-format';

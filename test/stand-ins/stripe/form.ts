// The Stripe SDK sends bodies and queries form-encoded with bracketed keys:
// `metadata[order]=1&expand[0]=latest_charge&shipping[address][line1]=...`. This turns them back
// into the nested object the API would see (numeric segments become arrays).

type Nested = { [key: string]: Nested | Nested[] | string | string[] | undefined };

const segmentsOf = (key: string): string[] => {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const head = key.slice(0, first);
  const rest = [...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
  return [head, ...rest];
};

export const parseForm = (text: string): Record<string, unknown> => {
  const root: Nested = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = segmentsOf(key);
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const slot = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      if (last) node[slot] = value;
      else {
        node[slot] ??= nextIsIndex ? [] : {};
        node = node[slot] as Record<string, unknown>;
      }
    });
  }
  return root;
};

// The cookies a browser would keep between API calls made with server.inject: set by
// Set-Cookie, erased by an empty value or an expiry in the past.
export const cookieJar = (initial: Record<string, string> = {}) => {
  const cookies = new Map(Object.entries(initial));
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    get: (name: string) => cookies.get(name),
    set: (name: string, value: string) => void cookies.set(name, value),
    delete: (name: string) => void cookies.delete(name),
    take: (setCookie: string | string[] | undefined) => {
      for (const line of [setCookie ?? []].flat()) {
        const [pair = '', ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some(
          (a) =>
            /^\s*max-age=0\s*$/i.test(a) ||
            (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()),
        );
        if (!value || expired) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
};

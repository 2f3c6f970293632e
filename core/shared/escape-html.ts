// Text put into an e-mail's or a page's HTML: the five characters HTML gives a meaning written as
// entities, so a name or a message shows as typed and never becomes markup.

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

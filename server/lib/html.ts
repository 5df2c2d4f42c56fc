// HTML text for mails the server writes by hand (pages are React, which escapes for itself).
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

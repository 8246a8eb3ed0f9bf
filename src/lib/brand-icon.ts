/** Studio's mark: the icon of every page (inline) and of `/favicon.ico`, which browsers also ask for. */
export const BRAND_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" ' +
  'y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" ' +
  'stop-color="#7c3aed"/></linearGradient></defs><rect width="32" height="32" rx="8" ' +
  'fill="url(#g)"/><path fill="#fff" d="M16 6c.6 5.4 3.4 8.2 8.8 8.8v.2c-5.4.6-8.2 3.4-8.8 ' +
  '8.8h-.1c-.6-5.4-3.4-8.2-8.7-8.8v-.2c5.3-.6 8.1-3.4 8.7-8.8Z"/></svg>';

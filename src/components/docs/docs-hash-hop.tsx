'use client';

import { useEffect } from 'react';

/**
 * Links to the one-page reference of before (`/docs#jobs-generate`, `/docs#tag-images`) still arrive: an anchor
 * that now lives on a group page sends the browser there, to the same anchor.
 */
export function DocsHashHop({ pages }: { pages: Record<string, string> }) {
  useEffect(() => {
    const hop = () => {
      const anchor = decodeURIComponent(window.location.hash.slice(1));
      const page = Object.hasOwn(pages, anchor) ? pages[anchor] : undefined;
      if (page) window.location.replace(`/docs/${page}${anchor.startsWith('tag-') ? '' : `#${anchor}`}`);
    };
    hop();
    window.addEventListener('hashchange', hop);
    return () => window.removeEventListener('hashchange', hop);
  }, [pages]);
  return null;
}
